import { describe, expect, it } from 'vitest';
import { readyUrl } from './ready-url.js';

describe('readyUrl', () => {
  it('says localhost for localhost and for every interface, with the port actually bound', () => {
    expect(readyUrl({ address: '127.0.0.1', family: 'IPv4', port: 3000 }, 'localhost')).toBe('http://localhost:3000');
    expect(readyUrl({ address: '::1', family: 'IPv6', port: 3000 }, 'localhost')).toBe('http://localhost:3000');
    expect(readyUrl({ address: '0.0.0.0', family: 'IPv4', port: 41234 }, '0.0.0.0')).toBe('http://localhost:41234');
    expect(readyUrl({ address: '::', family: 'IPv6', port: 8080 }, '::')).toBe('http://localhost:8080');
  });

  it('keeps a specific address, with brackets around IPv6', () => {
    expect(readyUrl({ address: '192.168.1.20', family: 'IPv4', port: 3000 }, '192.168.1.20')).toBe(
      'http://192.168.1.20:3000',
    );
    expect(readyUrl({ address: 'fe80::1', family: 'IPv6', port: 3000 }, 'fe80::1')).toBe('http://[fe80::1]:3000');
  });
});
