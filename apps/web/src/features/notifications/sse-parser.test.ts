import { describe, expect, it } from 'vitest';
import { SseParser } from './sse-parser';

describe('SseParser', () => {
  it('reads the server stream: ready, notifications, heartbeat comments', () => {
    const parser = new SseParser();
    expect(parser.push('retry: 3000\nevent: ready\ndata: {}\n\n')).toEqual([{ event: 'ready', data: '{}' }]);
    expect(parser.push(': ping\n\n')).toEqual([]);
    expect(parser.push('event: notification\ndata: {"ID":1}\n\n')).toEqual([
      { event: 'notification', data: '{"ID":1}' },
    ]);
  });

  it('joins events split across chunks, multi-line data and CRLF split between chunks', () => {
    const parser = new SseParser();
    expect(parser.push('event: notif')).toEqual([]);
    expect(parser.push('ication\ndata: a\r')).toEqual([]);
    expect(parser.push('\ndata: b\r\n')).toEqual([]);
    expect(parser.push('\r\n')).toEqual([{ event: 'notification', data: 'a\nb' }]);
    expect(parser.push('data:no-space\n\n')).toEqual([{ event: 'message', data: 'no-space' }]);
  });
});
