import { SaxesParser } from 'saxes';
import { AppError } from '../../plugins/app-error';
import { eventLoopTurns } from '../spreadsheet';

/**
 * Streams one XML part of an upload through saxes (a conforming, linear SAX parser), so a sheet
 * is never held whole and every byte is looked at a bounded number of times. Around the parser,
 * the limits an upload needs: no element deeper than a spreadsheet nests, no run of more than
 * MAX_RUN characters without a tag (text, tags and attribute lists stay small), no buffered
 * comment or CDATA larger than that either, and a turn for the event loop every few
 * milliseconds so other requests keep being answered while a large file is read.
 */

/** SpreadsheetML nests about 7 deep (worksheet › sheetData › row › c › is › r › t). */
const MAX_DEPTH = 32;
/**
 * Longest stretch without a "<": a cell holds at most 32,767 characters; escaped
 * (`&quot;`, `_x0001_`) that is under 256 K.
 */
const MAX_RUN = 256 * 1024;
/** Characters handed to saxes per write: keeps the buffer check and event-loop turns frequent. */
const WRITE = 16 * 1024;

export interface XmlHandlers {
  /** `name` is the local name (a namespace prefix such as "x:" is dropped). */
  open?(name: string, attributes: Record<string, string>, depth: number): void;
  close?(name: string, depth: number): void;
  text?(text: string): void;
}

/** Thrown by a handler when it has read all it needs; reading stops there without an error. */
export class StopReading extends Error {}

const localName = (name: string) => name.slice(name.indexOf(':') + 1);

/** The parser's own text buffer (text, comment, CDATA): read to bound what it accumulates. */
const bufferedText = (parser: SaxesParser) => (parser as unknown as { text: unknown }).text;

export async function readXml(
  chunks: AsyncIterable<Uint8Array>,
  handlers: XmlHandlers,
  /** Where the reader is ("cell B3 of sheet Areas"), for the message of a refusal. */
  where: () => string,
): Promise<void> {
  const refuse = (reason: string) =>
    AppError.validation([{ field: 'file', message: `The XLSX file cannot be read at ${where()}: ${reason}` }]);
  const parser = new SaxesParser();
  let depth = 0;
  parser.on('opentag', (tag) => {
    if (++depth > MAX_DEPTH) throw refuse(`elements are nested more than ${MAX_DEPTH} deep`);
    handlers.open?.(localName(tag.name), tag.attributes, depth);
    if (tag.isSelfClosing) handlers.close?.(localName(tag.name), depth--);
  });
  parser.on('closetag', (tag) => {
    if (!tag.isSelfClosing) handlers.close?.(localName(tag.name), depth--);
  });
  parser.on('text', (text) => handlers.text?.(text));
  parser.on('cdata', (text) => handlers.text?.(text));

  const decoder = new TextDecoder('utf-8');
  let sinceTag = 0;
  const turn = eventLoopTurns();
  const write = (text: string) => {
    const lastTag = text.lastIndexOf('<');
    sinceTag = lastTag < 0 ? sinceTag + text.length : text.length - lastTag - 1;
    if (sinceTag > MAX_RUN) throw refuse(`more than ${MAX_RUN.toLocaleString('en-US')} characters without a tag`);
    parser.write(text);
    const buffered = bufferedText(parser);
    if (typeof buffered === 'string' && buffered.length > MAX_RUN) {
      throw refuse(`a text, comment or CDATA section longer than ${MAX_RUN.toLocaleString('en-US')} characters`);
    }
  };
  try {
    for await (const chunk of chunks) {
      const text = decoder.decode(chunk, { stream: true });
      for (let i = 0; i < text.length; i += WRITE) {
        write(text.slice(i, i + WRITE));
        await turn();
      }
    }
    write(decoder.decode());
    parser.close();
  } catch (error) {
    if (error instanceof StopReading) return;
    if (error instanceof AppError) throw error;
    throw refuse(describe((error as Error).message));
  }
}

/** saxes says "3:14: malformed character entity."; the user needs the what, not the where in the XML. */
function describe(message: string): string {
  const reason = message.replace(/^[^:]*:\d+:\d+: /, '').replace(/\.$/, '');
  if (/character entity|disallowed character/.test(reason)) {
    return `it holds a character that XML does not allow (${reason}); remove it or save the file again from Excel`;
  }
  return `the XML is not well-formed (${reason})`;
}
