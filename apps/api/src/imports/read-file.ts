/**
 * Reading an uploaded file of prospects, streamed from the disk, never whole in memory: its format told by its
 * content, the encoding and the separator of a CSV, then its rows one by one (csv-parse for CSV, imports/xlsx.ts for
 * XLSX). Every limit of the domain (rows, columns, a row's size) is checked on the way, and every refusal is an
 * ImportFileError with its code.
 */
import { createReadStream } from 'node:fs';
import { open, stat } from 'node:fs/promises';
import { Transform } from 'node:stream';
import { parse } from 'csv-parse';
import { MAX_IMPORT_COLUMNS, MAX_IMPORT_ROW_CHARS } from '@prospecta/domain';
import { ImportFileError } from './errors';
import { openXlsx } from './xlsx';

export type FileFormat = 'csv' | 'xlsx';
export type TextEncoding = 'utf-8' | 'windows-1252';
export type Delimiter = ',' | ';' | '\t';

export interface FileShape {
  format: FileFormat;
  encoding: TextEncoding | null;
  delimiter: Delimiter | null;
}

/** A file's rows, read once, with how far the reading went (bytes of the file, or of the sheet of an XLSX). */
export interface RowSource {
  totalBytes: number;
  bytesRead(): number;
  rows(): AsyncGenerator<string[]>;
}

const HEAD_BYTES = 8192;

const startsWith = (head: Buffer, bytes: number[]) =>
  head.length >= bytes.length && bytes.every((b, i) => head[i] === b);

/** The first bytes of a file. */
export async function readHead(path: string, length = HEAD_BYTES): Promise<Buffer> {
  const handle = await open(path, 'r');
  try {
    const buffer = Buffer.alloc(length);
    const { bytesRead } = await handle.read(buffer, 0, length, 0);
    return buffer.subarray(0, bytesRead);
  } finally {
    await handle.close();
  }
}

/**
 * The format a file's first bytes prove, whatever its name says: XLSX (a zip archive), or text taken as CSV.
 * Refused: nothing at all, the old binary .xls, UTF-16 text, and anything binary (NUL or control bytes).
 */
export function sniffFormat(head: Buffer): FileFormat {
  if (head.length === 0) throw new ImportFileError('empty_file', 'The file is empty.');
  if (startsWith(head, [0x50, 0x4b, 0x03, 0x04])) return 'xlsx';
  if (startsWith(head, [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]))
    throw new ImportFileError(
      'unsupported_format',
      'The file is an old Excel workbook (.xls); save it as .xlsx or CSV.',
    );
  if (startsWith(head, [0xff, 0xfe]) || startsWith(head, [0xfe, 0xff]))
    throw new ImportFileError(
      'unsupported_encoding',
      'The file is UTF-16 text; save it as CSV in UTF-8.',
    );
  let control = 0;
  for (const byte of head) {
    if (byte === 0) throw notText();
    if (byte < 0x20 && byte !== 0x09 && byte !== 0x0a && byte !== 0x0d && byte !== 0x0c)
      control += 1;
  }
  if (control > 0) throw notText();
  return 'csv';
}

const notText = () =>
  new ImportFileError('not_a_spreadsheet', 'The file is neither CSV text nor an XLSX workbook.');

/**
 * UTF-8 (with or without BOM) when every byte sequence is valid UTF-8; Windows-1252 when none of its bytes above
 * 127 forms UTF-8; refused when the file mixes both (some rows pasted from another export) or holds a NUL byte.
 */
export async function detectEncoding(
  path: string,
  onBytes: (n: number) => void = () => {},
): Promise<TextEncoding> {
  let need = 0;
  let multibyte = 0;
  let invalid = 0;
  for await (const chunk of createReadStream(path, {
    highWaterMark: 256 * 1024,
  }) as AsyncIterable<Buffer>) {
    for (let i = 0; i < chunk.length; i++) {
      const b = chunk[i] as number;
      if (b === 0) throw notText();
      if (need > 0) {
        if ((b & 0xc0) === 0x80) {
          need -= 1;
          if (need === 0) multibyte += 1;
          continue;
        }
        invalid += 1;
        need = 0;
      }
      if (b < 0x80) continue;
      if (b >= 0xc2 && b <= 0xdf) need = 1;
      else if (b >= 0xe0 && b <= 0xef) need = 2;
      else if (b >= 0xf0 && b <= 0xf4) need = 3;
      else invalid += 1;
    }
    onBytes(chunk.length);
  }
  if (need > 0) invalid += 1;
  if (invalid === 0) return 'utf-8';
  if (multibyte === 0) return 'windows-1252';
  throw new ImportFileError(
    'mixed_encodings',
    'The file mixes UTF-8 and Windows-1252 text; save it again in one encoding.',
  );
}

/** The separator of the first line: the most frequent of comma, semicolon and tab outside quotes (comma if none). */
export function detectDelimiter(firstText: string): Delimiter {
  const counts: Record<Delimiter, number> = { ',': 0, ';': 0, '\t': 0 };
  let quoted = false;
  for (const char of firstText) {
    if (char === '"') quoted = !quoted;
    else if (!quoted && (char === '\n' || char === '\r')) break;
    else if (!quoted && (char === ',' || char === ';' || char === '\t')) counts[char] += 1;
  }
  const best = (Object.keys(counts) as Delimiter[]).reduce((a, b) =>
    counts[b] > counts[a] ? b : a,
  );
  return best;
}

/** Bytes of the given encoding into UTF-8 text, streamed (a character split between chunks is kept whole). */
function decoding(encoding: TextEncoding): Transform {
  // The UTF-8 decoder drops a leading BOM.
  const decoder = new TextDecoder(encoding);
  return new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      callback(null, decoder.decode(chunk, { stream: true }));
    },
    flush(callback) {
      callback(null, decoder.decode());
    },
  });
}

const isBlank = (row: readonly string[]) => row.every((cell) => cell.trim() === '');

function tooManyColumns(row: number, columns: number): ImportFileError {
  return new ImportFileError(
    'too_many_columns',
    `Row ${row} has ${columns} columns; at most ${MAX_IMPORT_COLUMNS} are read.`,
  );
}

/** The shape of a file: its format, and for a CSV its encoding (the whole file read) and separator. */
export async function fileShape(path: string, onBytes?: (n: number) => void): Promise<FileShape> {
  const head = await readHead(path);
  const format = sniffFormat(head);
  if (format === 'xlsx') return { format, encoding: null, delimiter: null };
  const encoding = await detectEncoding(path, onBytes);
  const text = new TextDecoder(encoding).decode(head);
  return { format, encoding, delimiter: detectDelimiter(text) };
}

/** The rows of a file of this shape, empty rows left out; limits checked on the way. */
export async function openRows(path: string, shape: FileShape): Promise<RowSource> {
  if (shape.format === 'xlsx') return openXlsx(path);
  const { size } = await stat(path);
  let read = 0;
  return {
    totalBytes: size,
    bytesRead: () => read,
    async *rows() {
      const file = createReadStream(path, { highWaterMark: 256 * 1024 });
      file.on('data', (chunk) => {
        read += chunk.length;
      });
      const parser = file.pipe(decoding(shape.encoding ?? 'utf-8')).pipe(
        parse({
          delimiter: shape.delimiter ?? ',',
          relax_column_count: true,
          // A quote inside an unquoted cell is a character, as spreadsheets read it: =HYPERLINK("…").
          relax_quotes: true,
          skip_empty_lines: true,
          max_record_size: MAX_IMPORT_ROW_CHARS,
        }),
      );
      file.on('error', (error) => parser.destroy(error));
      let line = 0;
      try {
        for await (const record of parser as AsyncIterable<string[]>) {
          line += 1;
          if (record.length > MAX_IMPORT_COLUMNS) throw tooManyColumns(line, record.length);
          if (isBlank(record)) continue;
          yield record;
        }
      } catch (error) {
        throw csvError(error);
      } finally {
        file.destroy();
        parser.destroy();
      }
    },
  };
}

function csvError(error: unknown): unknown {
  if (error instanceof ImportFileError) return error;
  const e = error as { name?: string; code?: string; lines?: number; message?: string };
  if (e.code === 'CSV_MAX_RECORD_SIZE' || e.code === 'MAX_RECORD_SIZE')
    return new ImportFileError(
      'row_too_large',
      `A row near line ${e.lines ?? '?'} holds more than 1 MB of text.`,
    );
  if (e.name === 'CsvError' || (typeof e.code === 'string' && e.code.startsWith('CSV_')))
    return new ImportFileError(
      'malformed_csv',
      `The CSV cannot be read near line ${e.lines ?? '?'}: ${e.message ?? e.code}`,
    );
  return error;
}
