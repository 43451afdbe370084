import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.js';

describe('loadConfig', () => {
  it('defaults to port 3000 and PGlite under ./data', () => {
    const config = loadConfig({});
    expect(config.port).toBe(3000);
    expect(config.databaseUrl).toBeUndefined();
    expect(config.dataDir).toBe(path.resolve('data'));
    expect(config.shutdownTimeoutMs).toBe(10_000);
  });

  it('treats empty or blank values as unset, so they fall back to the defaults', () => {
    const config = loadConfig({ PORT: '', HOST: ' ', DATA_DIR: '', LOG_LEVEL: '', DATABASE_URL: '', PUBLIC_URL: '' });
    expect(config).toMatchObject({ port: 3000, host: 'localhost', logLevel: 'info', dataDir: path.resolve('data') });
    expect(config.databaseUrl).toBeUndefined();
    expect(config.publicUrl).toBeUndefined();
  });

  it('keeps only the origin of PUBLIC_URL and refuses a non-http scheme', () => {
    expect(loadConfig({ PUBLIC_URL: 'https://books.example.org/some/path' }).publicUrl).toBe(
      'https://books.example.org',
    );
    expect(() => loadConfig({ PUBLIC_URL: 'javascript:alert(1)' })).toThrow(/PUBLIC_URL/);
  });

  it('reads ALLOWED_HOSTS as lower-case host names, and refuses what is no host', () => {
    expect(loadConfig({}).allowedHosts).toEqual([]);
    expect(loadConfig({ ALLOWED_HOSTS: 'Books.LAN, shelf.example:8443,[::1]:3000' }).allowedHosts).toEqual([
      'books.lan',
      'shelf.example:8443',
      '[::1]:3000',
    ]);
    expect(() => loadConfig({ ALLOWED_HOSTS: 'https://books.lan/' })).toThrow(/ALLOWED_HOSTS/);
  });

  it('accepts a postgres URL', () => {
    expect(loadConfig({ DATABASE_URL: 'postgres://u@h:5432/db' }).databaseUrl).toBe('postgres://u@h:5432/db');
  });

  it('refuses bad values with a message naming the variable', () => {
    expect(() => loadConfig({ PORT: 'eighty' })).toThrow(ConfigError);
    expect(() => loadConfig({ PORT: 'eighty' })).toThrow(/PORT/);
    expect(() => loadConfig({ DATABASE_URL: 'mysql://x' })).toThrow(/DATABASE_URL/);
    expect(() => loadConfig({ LOG_LEVEL: 'loud' })).toThrow(/LOG_LEVEL/);
  });
});

describe('HTTP timeouts', () => {
  it('bounds slow clients by default and takes each limit from its variable', () => {
    expect(loadConfig({}).httpTimeouts).toEqual({
      headersMs: 15_000,
      requestMs: 60_000,
      keepAliveMs: 72_000,
      socketMs: 120_000,
    });
    expect(
      loadConfig({
        HEADERS_TIMEOUT_MS: '1000',
        REQUEST_TIMEOUT_MS: '2000',
        KEEP_ALIVE_TIMEOUT_MS: '3000',
        SOCKET_TIMEOUT_MS: '4000',
      }).httpTimeouts,
    ).toEqual({ headersMs: 1_000, requestMs: 2_000, keepAliveMs: 3_000, socketMs: 4_000 });
  });

  it('refuses a zero, a non-number, and headers allowed longer than the whole request', () => {
    expect(() => loadConfig({ REQUEST_TIMEOUT_MS: '0' })).toThrow(/REQUEST_TIMEOUT_MS/);
    expect(() => loadConfig({ KEEP_ALIVE_TIMEOUT_MS: 'soon' })).toThrow(/KEEP_ALIVE_TIMEOUT_MS/);
    expect(() => loadConfig({ HEADERS_TIMEOUT_MS: '30000', REQUEST_TIMEOUT_MS: '20000' })).toThrow(
      /HEADERS_TIMEOUT_MS: must not be longer than REQUEST_TIMEOUT_MS/,
    );
  });
});

describe('sign-in and mail settings', () => {
  it('offers a provider only with both its client id and secret, and keeps only the origin of a base URL', () => {
    expect(loadConfig({ GOOGLE_CLIENT_ID: 'id' }).oauth.google).toBeUndefined();
    expect(
      loadConfig({
        GOOGLE_CLIENT_ID: 'id',
        GOOGLE_CLIENT_SECRET: 's',
        GOOGLE_OAUTH_BASE_URL: 'http://127.0.0.1:9100/x',
      }).oauth.google,
    ).toEqual({ clientId: 'id', clientSecret: 's', baseUrl: 'http://127.0.0.1:9100' });
    expect(loadConfig({ TWITTER_CLIENT_ID: 'id', TWITTER_CLIENT_SECRET: 's' }).oauth.twitter?.baseUrl).toBeUndefined();
  });

  it('names a bad SMTP_URL or base URL', () => {
    expect(() => loadConfig({ SMTP_URL: 'mail.example.org' })).toThrow(/SMTP_URL/);
    expect(() => loadConfig({ TWITTER_BASE_URL: 'ftp://x' })).toThrow(/TWITTER_BASE_URL/);
    expect(loadConfig({ SMTP_URL: 'smtp://user:pw@mail.example.org:587' }).smtpUrl).toBe(
      'smtp://user:pw@mail.example.org:587',
    );
  });
});

describe('object storage', () => {
  const s3 = {
    S3_ENDPOINT: 'http://127.0.0.1:9000',
    S3_REGION: 'us-east-1',
    S3_BUCKET: 'bookshelf',
    S3_ACCESS_KEY_ID: 'key',
    S3_SECRET_ACCESS_KEY: 'secret',
    S3_FORCE_PATH_STYLE: 'true',
  };

  it('uses the disk without S3_* and the bucket with all of it', () => {
    expect(loadConfig({}).s3).toBeUndefined();
    expect(loadConfig(s3).s3).toEqual({
      endpoint: 'http://127.0.0.1:9000',
      region: 'us-east-1',
      bucket: 'bookshelf',
      accessKeyId: 'key',
      secretAccessKey: 'secret',
      forcePathStyle: true,
    });
    const { S3_ENDPOINT: _endpoint, S3_FORCE_PATH_STYLE: _style, ...aws } = s3;
    expect(loadConfig(aws).s3).toMatchObject({ endpoint: undefined, forcePathStyle: false });
  });

  it('refuses a partial S3 configuration, naming each missing variable and what was set', () => {
    const partial = () => loadConfig({ S3_ENDPOINT: s3.S3_ENDPOINT, S3_BUCKET: s3.S3_BUCKET });
    expect(partial).toThrow(ConfigError);
    expect(partial).toThrow(/S3_REGION: required for object storage, since S3_BUCKET, S3_ENDPOINT is set/);
    expect(partial).toThrow(/S3_ACCESS_KEY_ID/);
    expect(partial).toThrow(/S3_SECRET_ACCESS_KEY/);
    expect(() => loadConfig({ ...s3, S3_ENDPOINT: 'ftp://x' })).toThrow(/S3_ENDPOINT/);
    expect(() => loadConfig({ ...s3, S3_FORCE_PATH_STYLE: 'yes' })).toThrow(/S3_FORCE_PATH_STYLE/);
  });
});

describe('ADMIN_EMAILS', () => {
  it('is a comma list, trimmed and lower-cased; none by default', () => {
    expect(loadConfig({}).adminEmails).toEqual([]);
    expect(loadConfig({ ADMIN_EMAILS: ' Ann@Example.org, ,bob@example.org ' }).adminEmails).toEqual([
      'ann@example.org',
      'bob@example.org',
    ]);
  });

  it('names a value that is not e-mail addresses', () => {
    expect(() => loadConfig({ ADMIN_EMAILS: 'ann@example.org, bob' })).toThrow(/ADMIN_EMAILS/);
  });
});

describe('drives, the library folder and uploads', () => {
  it('offers OneDrive only with both its id and secret; resolves the folder; 200 MB uploads by default', () => {
    const drives = loadConfig({}).drives;
    expect(drives).toMatchObject({ microsoft: undefined, libraryDir: undefined, libraryDirShared: false });
    expect(drives.uploadMaxBytes).toBe(200 * 1024 * 1024);
    const set = loadConfig({
      MICROSOFT_CLIENT_ID: 'id',
      MICROSOFT_CLIENT_SECRET: 'secret',
      MICROSOFT_LOGIN_BASE_URL: 'http://127.0.0.1:9300/anything',
      MICROSOFT_GRAPH_BASE_URL: 'http://127.0.0.1:9301/x',
      GOOGLE_API_BASE_URL: 'http://127.0.0.1:9302',
      LIBRARY_DIR: 'books',
      LIBRARY_DIR_SHARED: 'true',
      UPLOAD_MAX_BYTES: '1000',
      ENCRYPTION_KEY: 'ab'.repeat(32),
    }).drives;
    expect(set.microsoft).toEqual({ clientId: 'id', clientSecret: 'secret', baseUrl: 'http://127.0.0.1:9300' });
    expect(set.microsoftGraphBaseUrl).toBe('http://127.0.0.1:9301');
    expect(set.googleApiBaseUrl).toBe('http://127.0.0.1:9302');
    expect(set.libraryDir).toBe(path.resolve('books'));
    expect(set).toMatchObject({ libraryDirShared: true, uploadMaxBytes: 1000, encryptionKey: 'ab'.repeat(32) });
  });

  it('names a key that is not 32 bytes, and a bad upload limit', () => {
    expect(() => loadConfig({ ENCRYPTION_KEY: 'short' })).toThrow(/ENCRYPTION_KEY: must be 32 bytes/);
    expect(() => loadConfig({ UPLOAD_MAX_BYTES: '-1' })).toThrow(/UPLOAD_MAX_BYTES/);
    expect(() => loadConfig({ LIBRARY_DIR_SHARED: 'yes' })).toThrow(/LIBRARY_DIR_SHARED/);
  });
});
