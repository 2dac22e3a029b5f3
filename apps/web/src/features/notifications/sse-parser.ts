/** One server-sent event. */
export interface ServerSentEvent {
  event: string;
  data: string;
}

/**
 * Reads the `text/event-stream` format (WHATWG HTML §9.2) from text chunks as they arrive:
 * `event:` and `data:` fields, multi-line data joined by newlines, comments (`:`) skipped, events
 * ending at a blank line, CRLF, LF or CR line ends.
 */
export class SseParser {
  private buffer = '';
  private event = '';
  private data: string[] = [];

  push(chunk: string): ServerSentEvent[] {
    let text = this.buffer + chunk;
    // A CR at the end could be half of a CRLF: keep it until the next chunk says.
    const held = text.endsWith('\r') ? '\r' : '';
    if (held) text = text.slice(0, -1);
    const events: ServerSentEvent[] = [];
    const lines = text.split(/\r\n|\r|\n/);
    // The last piece has no line end yet (or is empty when the text ended with one).
    this.buffer = (lines.pop() ?? '') + held;
    for (const line of lines) {
      if (line === '') {
        if (this.data.length) events.push({ event: this.event || 'message', data: this.data.join('\n') });
        this.event = '';
        this.data = [];
        continue;
      }
      if (line.startsWith(':')) continue;
      const colon = line.indexOf(':');
      const field = colon === -1 ? line : line.slice(0, colon);
      let value = colon === -1 ? '' : line.slice(colon + 1);
      if (value.startsWith(' ')) value = value.slice(1);
      if (field === 'event') this.event = value;
      else if (field === 'data') this.data.push(value);
    }
    return events;
  }
}
