import type { FastifyRequest } from 'fastify';
import { describe, expect, it } from 'vitest';
import { redirectUriFor } from './connections.routes.js';

// Which origin is the request's own (PUBLIC_URL, or a Host the server knows) is platform/own-origin.ts's to say.
const request = (origin: string) => ({ ownOrigin: () => origin }) as unknown as FastifyRequest;

describe('redirectUriFor', () => {
  it('brings the popup back on the app’s own origin, at the provider’s callback page', () => {
    expect(redirectUriFor(request('http://192.168.1.20:3000'), 'google')).toBe(
      'http://192.168.1.20:3000/oauth/callback/google',
    );
    expect(redirectUriFor(request('https://books.example.org'), 'onedrive')).toBe(
      'https://books.example.org/oauth/callback/onedrive',
    );
  });
});
