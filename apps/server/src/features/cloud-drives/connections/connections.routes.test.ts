import type { FastifyRequest } from 'fastify';
import { describe, expect, it } from 'vitest';
import { redirectUriFor } from './connections.routes.js';

const request = (protocol: 'http' | 'https', host: string) => ({ protocol, host }) as FastifyRequest;

describe('redirectUriFor', () => {
  it('brings the popup back on the origin the app was opened on', () => {
    expect(redirectUriFor(request('http', '192.168.1.20:3000'), 'google', undefined)).toBe(
      'http://192.168.1.20:3000/oauth/callback/google',
    );
  });

  it('uses PUBLIC_URL when it is set, whatever the proxy in front shows the server', () => {
    expect(redirectUriFor(request('http', 'internal:3000'), 'onedrive', 'https://books.example.org')).toBe(
      'https://books.example.org/oauth/callback/onedrive',
    );
  });
});
