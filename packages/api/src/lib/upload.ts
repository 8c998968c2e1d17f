import { fileTypeFromBuffer } from 'file-type';
import type { FastifyRequest } from 'fastify';
import { AppError } from './app-error';

/** One uploaded file, read into memory. */
export interface SingleUpload {
  /** The file's bytes (at most the endpoint's `maxBytes`). */
  data: Buffer;
  /** The client's file name (never trusted for the type; NUL-free, at most 255 characters), as `normalizeFileName` leaves it. */
  filename: string;
  /** The multipart field the file came in. */
  fieldname: string;
  /** The form's text fields (the last value of each name), for uploads that carry details with the file. */
  fields: Record<string, string>;
}

/**
 * Bidirectional formatting characters (Unicode UAX #9): the embeddings and overrides U+202A-U+202E,
 * the isolates U+2066-U+2069, the marks U+200E, U+200F and U+061C. In a file name they make
 * "invoice\u202Efdp.exe" show as "invoiceexe.pdf" (the "RTLO" trick; CVE-2021-42574 for source).
 */
const BIDI_CONTROLS = /[\u202A-\u202E\u2066-\u2069\u200E\u200F\u061C]/gu;
/** Other control characters: C0, DEL and C1 (Unicode general category Cc). */
const CONTROL_CHARACTERS = /\p{Cc}/gu;

/**
 * A client's file name as it is stored and sent back (docs/security.md "Uploads"): Unicode NFC
 * (so "é" typed as e + U+0301 and the precomposed "é" are one name), without bidirectional
 * formatting characters and without control characters, trimmed.
 */
export function normalizeFileName(name: string): string {
  return name.normalize('NFC').replace(BIDI_CONTROLS, '').replace(CONTROL_CHARACTERS, '').trim();
}

interface MultipartError {
  code?: string;
  statusCode?: number;
}

/**
 * Reads the one file of a multipart/form-data upload (every upload endpoint: profile picture, FHIR
 * import, fee schedule; docs/security.md "Bad input"). The whole request is read, so a second file
 * is seen and refused. Errors, all in the envelope through the app's error handler:
 * - 415 unsupportedMediaType when the request is not multipart/form-data;
 * - 413 payloadTooLarge when the file is larger than `maxBytes`;
 * - 400 malformedUpload for a missing or wrong boundary, a truncated body, a NUL in a file name or a field,
 *   more than one file, or more than 10 form fields;
 * - the file name is normalised (`normalizeFileName`: NFC, no bidirectional or control characters);
 * - null when the request is well formed but holds no file (the caller answers its own 400).
 */
export async function readSingleUpload(req: FastifyRequest, maxBytes: number): Promise<SingleUpload | null> {
  return (await readUploadForm(req, maxBytes)).file;
}

/**
 * `readSingleUpload` with the form's text fields, also when no file came (an upload that carries
 * details with its file, such as a release note's title and version). Same errors.
 */
export async function readUploadForm(req: FastifyRequest, maxBytes: number): Promise<{ file: SingleUpload | null; fields: Record<string, string> }> {
  if (!req.isMultipart()) { throw new AppError('unsupportedMediaType', 'unsupportedMediaType'); }
  const contentType = String(req.headers['content-type'] ?? '');
  if (!/;\s*boundary=("[^"]+"|[^;\s]+)/i.test(contentType)) { throw AppError.badRequest('malformedUpload'); }
  let found: SingleUpload | null = null;
  const fields: Record<string, string> = {};
  try {
    const parts = req.parts({ limits: { fileSize: maxBytes, files: 2, fields: 10, parts: 12, fieldSize: 4096 } });
    for await (const part of parts) {
      if (part.type !== 'file') {
        if (typeof part.value !== 'string') { continue; }
        if (part.value.includes('\u0000') || part.fieldname.includes('\u0000')) { throw AppError.badRequest('malformedUpload'); }
        fields[part.fieldname] = part.value;
        continue;
      }
      if (found) {
        part.file.resume();
        throw AppError.badRequest('malformedUpload');
      }
      const data = await part.toBuffer(); // throws FST_REQ_FILE_TOO_LARGE past maxBytes
      const raw = part.filename ?? '';
      if (raw.includes('\u0000') || part.fieldname.includes('\u0000')) { throw AppError.badRequest('malformedUpload'); }
      const filename = normalizeFileName(raw);
      if (filename.length > 255) { throw AppError.badRequest('malformedUpload'); }
      found = { data, filename, fieldname: part.fieldname, fields };
    }
  } catch (error) {
    if (error instanceof AppError) { throw error; }
    const e = error as MultipartError;
    if (e.code === 'FST_REQ_FILE_TOO_LARGE' || e.statusCode === 413) { throw new AppError('payloadTooLarge', 'payloadTooLarge'); }
    if (e.code === 'FST_INVALID_MULTIPART_CONTENT_TYPE') { throw new AppError('unsupportedMediaType', 'unsupportedMediaType'); }
    // Busboy's own errors (no boundary, "Unexpected end of form", malformed part headers) carry no status.
    throw AppError.badRequest('malformedUpload');
  }
  return { file: found, fields };
}

/**
 * The file type of `data` read from its CONTENT with file-type (its magic numbers), or undefined when
 * the content matches no known type or is cut short. file-type reads on into a container it
 * recognises (a ZIP's local file header, say) and throws EndOfStreamError on a truncated one; an
 * upload that stops mid-header is "not a known type", never an error (docs/security.md "Bad input").
 */
export async function detectFileType(data: Buffer): Promise<{ ext: string; mime: string } | undefined> {
  try {
    return await fileTypeFromBuffer(data);
  } catch {
    return undefined;
  }
}
