/**
 * jsdom has no EventSource. This stand-in (installed for every web test by setup.ts) records each connection
 * so a test can play the server: `open()`, `emit(type, data, id)`, `fail()` (the browser gave up).
 */
export class FakeEventSource extends EventTarget {
  static readonly CONNECTING = 0;
  static readonly OPEN = 1;
  static readonly CLOSED = 2;
  static instances: FakeEventSource[] = [];
  static latest = () => FakeEventSource.instances.at(-1);

  readonly CONNECTING = 0;
  readonly OPEN = 1;
  readonly CLOSED = 2;
  readyState = FakeEventSource.CONNECTING;
  readonly withCredentials = false;
  onopen = null;
  onmessage = null;
  onerror = null;

  constructor(readonly url: string) {
    super();
    FakeEventSource.instances.push(this);
  }

  open() {
    this.readyState = FakeEventSource.OPEN;
    this.dispatchEvent(new Event('open'));
  }

  emit(type: string, data: unknown, id = '') {
    const text = typeof data === 'string' ? data : JSON.stringify(data);
    this.dispatchEvent(new MessageEvent(type, { data: text, lastEventId: id }));
  }

  /** The browser gave up on this connection (an error answer); it will not reconnect by itself. */
  fail() {
    this.readyState = FakeEventSource.CLOSED;
    this.dispatchEvent(new Event('error'));
  }

  close() {
    this.readyState = FakeEventSource.CLOSED;
  }
}

globalThis.EventSource = FakeEventSource as unknown as typeof EventSource;
