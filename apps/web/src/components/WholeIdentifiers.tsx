/**
 * Identifiers with hyphens: "T-2026-00202", "LOTO-26-00063", "P-MX31JF84SH75", "E-1". A line may
 * break after any hyphen, which split a tag or permit number across two lines of a sentence.
 */
const IDENTIFIER = /([A-Z][A-Z0-9]*(?:-[A-Z0-9]+)+)/;

/**
 * A sentence whose tag, lock, permit and point numbers never break across lines (the words around
 * them still wrap). Each number is a `data-whole` span: tests reading a sentence read its element's text.
 */
export function WholeIdentifiers({ text }: { text: string }) {
  return text.split(IDENTIFIER).map((part, i) =>
    // split with one capture group: the odd parts are the identifiers.
    i % 2 === 1 ? (
      <span key={i} data-whole="" style={{ whiteSpace: 'nowrap' }}>
        {part}
      </span>
    ) : (
      part
    ),
  );
}
