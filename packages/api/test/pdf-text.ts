import { inflateSync } from 'node:zlib';

/**
 * The text of a PDF that pdfkit wrote with its standard fonts, one string per text object (a
 * line), for tests that check what a document says. pdfkit writes each line as `[<hex> kern
 * <hex> ...] TJ` in WinAnsi inside Flate streams; the kerning numbers are dropped, and WinAnsi is
 * read as Latin-1 (the same for the letters of English and Spanish). Not a general PDF reader.
 */
export function pdfText(pdf: Buffer): string[] {
  const raw = pdf.toString('latin1');
  const lines: string[] = [];
  let at = 0;
  for (;;) {
    const start = raw.indexOf('stream\n', at);
    if (start < 0) { break; }
    const end = raw.indexOf('\nendstream', start);
    if (end < 0) { break; }
    at = end + 10;
    let content: string;
    try {
      content = inflateSync(pdf.subarray(start + 7, end)).toString('latin1');
    } catch {
      continue; // not a Flate stream (an image, a font)
    }
    for (const block of content.split('BT').slice(1)) {
      const text = [...block.matchAll(/<([0-9a-fA-F]*)>/g)].map((m) => Buffer.from(m[1]!, 'hex').toString('latin1')).join('');
      if (text) { lines.push(text); }
    }
  }
  return lines;
}
