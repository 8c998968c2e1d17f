import { normalizeFileName } from './upload';
/**
 * Tells an uploaded file's type by its content, never by the name or the type the client claims
 * (docs/security.md "Bad input"; docs/support.md "Files"): PDF, PNG and JPEG by their signatures
 * (ISO 32000 "%PDF-", the PNG signature of RFC 2083, the JPEG SOI marker FF D8 FF), and text as
 * valid UTF-8 without NUL or other control characters (tab, line feed, carriage return and form
 * feed allowed). Which text (plain, CSV, Markdown) cannot be told by content, so the name's
 * extension picks among the text kinds the caller accepts.
 */
export type SniffedType = 'application/pdf' | 'image/png' | 'image/jpeg' | 'text';

const PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/** The content's kind, or null when it is none of these (or empty). */
export function sniffFileType(data: Buffer): SniffedType | null {
  if (data.length === 0) { return null; }
  if (data.subarray(0, 5).toString('latin1') === '%PDF-') { return 'application/pdf'; }
  if (data.length >= 8 && data.subarray(0, 8).equals(PNG)) { return 'image/png'; }
  if (data.length >= 3 && data[0] === 0xff && data[1] === 0xd8 && data[2] === 0xff) { return 'image/jpeg'; }
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(data);
  } catch {
    return null;
  }
  return /[\u0000-\u0008\u000b\u000e-\u001f\u007f]/.test(text) ? null : 'text';
}

/** The file name's extension, lower case, without the dot ('' when none). */
export function extensionOf(fileName: string): string {
  const m = /\.([A-Za-z0-9]{1,10})$/.exec(fileName);
  return m ? m[1]!.toLowerCase() : '';
}

/** A file name safe to store and send back: the base name, normalised (`normalizeFileName`: NFC, no bidirectional or control characters), quotes and path separators removed, at most 200 characters. */
export function safeFileName(fileName: string, fallback: string): string {
  const base = normalizeFileName(fileName.split(/[\\/]/).pop() ?? '').replace(/"/g, '').trim();
  return (base || fallback).slice(0, 200);
}

/**
 * Whether the content is a DICOM Part 10 file: a 128-byte preamble, then the prefix "DICM"
 * (DICOM PS3.10 section 7.1 "DICOM File Meta Information").
 */
export function isDicomPart10(data: Buffer): boolean {
  return data.length >= 132 && data.subarray(128, 132).toString('latin1') === 'DICM';
}
