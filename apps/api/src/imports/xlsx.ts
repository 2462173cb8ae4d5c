/**
 * The first sheet of an XLSX workbook, streamed: yauzl reads the archive (random access on the file, each entry's
 * unpacked size checked against what the archive declares) and saxes reads its XML as it is unpacked.
 *
 * - A zip bomb is refused before anything is unpacked: the archive's declared sizes may not exceed
 *   MAX_XLSX_UNPACKED_BYTES, and an entry that unpacks to more than it declared stops the reading
 *   (yauzl's size check).
 * - Cells: shared strings, inline strings, numbers as written, booleans (TRUE, FALSE) and error values as text.
 *   A formula is never evaluated: the cell gives the value the spreadsheet last saved with it, or, when it saved
 *   none, the formula's text (`=…`).
 * - Limits: a cell past column MAX_IMPORT_COLUMNS, or a row of more than MAX_IMPORT_ROW_CHARS of text, refuses the
 *   file; empty rows are left out.
 */
import { promisify } from 'node:util';
import type { Readable } from 'node:stream';
import { SaxesParser } from 'saxes';
import yauzl, { type Entry, type ZipFile } from 'yauzl';
import {
  MAX_IMPORT_COLUMNS,
  MAX_IMPORT_ROW_CHARS,
  MAX_IMPORT_ROWS,
  MAX_XLSX_UNPACKED_BYTES,
} from '@prospecta/domain';
import { ImportFileError } from './errors';
import type { RowSource } from './read-file';

/** The workbook's own small parts (workbook, relations) are read whole, up to this size. */
const MAX_PART_BYTES = 8 * 1024 * 1024;

const openZip = promisify(
  yauzl.open as (
    path: string,
    options: yauzl.Options,
    callback: (error: Error | null, zip: ZipFile) => void,
  ) => void,
);

const malformed = (detail: string) => new ImportFileError('malformed_xlsx', detail);
const tooLarge = () =>
  new ImportFileError(
    'xlsx_too_large_uncompressed',
    `The workbook unpacks to more than ${MAX_XLSX_UNPACKED_BYTES / 1024 / 1024} MB.`,
  );

/** An entry's unpacked bytes as a stream; yauzl fails it when it unpacks to more than it declared. */
function entryStream(zip: ZipFile, entry: Entry): Promise<Readable> {
  return new Promise((resolve, reject) =>
    zip.openReadStream(entry, (error, stream) => (error ? reject(error) : resolve(stream))),
  );
}

function zipError(error: unknown): unknown {
  if (error instanceof ImportFileError) return error;
  const message = error instanceof Error ? error.message : String(error);
  if (/too many bytes|too few bytes/i.test(message)) return tooLarge();
  if (/invalid|unsupported|signature|zip|compression|end of central|unexpected/i.test(message))
    return malformed(`The workbook cannot be read: ${message}`);
  return error;
}

const localName = (name: string) => name.slice(name.indexOf(':') + 1);

/**
 * Streams an entry's XML through a saxes parser set up by `listen`, yielding after each chunk whatever the
 * handlers queued in `ready` (the sheet's rows).
 */
async function* parseEntry<T>(
  zip: ZipFile,
  entry: Entry,
  listen: (parser: SaxesParser, ready: T[]) => void,
  onBytes: (n: number) => void = () => {},
): AsyncGenerator<T> {
  const parser = new SaxesParser({ position: false });
  const ready: T[] = [];
  listen(parser, ready);
  const decoder = new TextDecoder('utf-8');
  const stream = await entryStream(zip, entry);
  try {
    for await (const chunk of stream as AsyncIterable<Buffer>) {
      onBytes(chunk.length);
      parser.write(decoder.decode(chunk, { stream: true }));
      if (ready.length > 0) yield* ready.splice(0);
    }
    parser.write(decoder.decode());
    parser.close();
    yield* ready.splice(0);
  } catch (error) {
    if (error instanceof ImportFileError) throw error;
    const message = error instanceof Error ? error.message : String(error);
    if (/too many bytes|too few bytes/i.test(message)) throw tooLarge();
    throw malformed(`${entry.fileName} cannot be read: ${message}`);
  } finally {
    stream.destroy();
  }
}

/** A small part of the workbook as text. */
async function readPart(zip: ZipFile, entry: Entry): Promise<string> {
  if (entry.uncompressedSize > MAX_PART_BYTES) throw tooLarge();
  const chunks: Buffer[] = [];
  for await (const chunk of (await entryStream(zip, entry)) as AsyncIterable<Buffer>)
    chunks.push(chunk);
  return Buffer.concat(chunks).toString('utf8');
}

/** Attribute maps of the elements named `name` in a small XML text. */
function elements(xml: string, name: string): Record<string, string>[] {
  const found: Record<string, string>[] = [];
  const parser = new SaxesParser({ position: false });
  parser.on('opentag', (tag) => {
    if (localName(tag.name) === name) found.push(tag.attributes as Record<string, string>);
  });
  try {
    parser.write(xml).close();
  } catch (error) {
    throw malformed(`The workbook's structure cannot be read: ${(error as Error).message}`);
  }
  return found;
}

/** The path of the first sheet inside the archive. */
function firstSheetPath(workbook: string, relations: string): string {
  const sheet = elements(workbook, 'sheet')[0];
  if (!sheet) throw malformed('The workbook has no sheet.');
  const relationId = Object.entries(sheet).find(([key]) => localName(key) === 'id')?.[1];
  const target = elements(relations, 'Relationship').find((r) => r.Id === relationId)?.Target;
  if (!target) return 'xl/worksheets/sheet1.xml';
  return target.startsWith('/') ? target.slice(1) : `xl/${target.replace(/^\.\//, '')}`;
}

/** The column index (0-based) of a cell reference such as "AB12"; -1 when it has none. */
export function columnOf(reference: string | undefined): number {
  if (!reference) return -1;
  let column = 0;
  for (const char of reference) {
    const code = char.charCodeAt(0);
    if (code >= 65 && code <= 90) column = column * 26 + (code - 64);
    else if (code >= 97 && code <= 122) column = column * 26 + (code - 96);
    else break;
    // Past the limit already: no need to read further (and no huge number).
    if (column > MAX_IMPORT_COLUMNS + 1) return column - 1;
  }
  return column - 1;
}

async function sharedStrings(zip: ZipFile, entry: Entry | undefined): Promise<string[]> {
  if (!entry) return [];
  const strings: string[] = [];
  let current: string | null = null;
  let inText = false;
  // Phonetic readings (rPh) are not part of the cell's text.
  let inPhonetic = 0;
  const limit = MAX_IMPORT_ROWS * MAX_IMPORT_COLUMNS;
  for await (const _ of parseEntry<never>(zip, entry, (parser) => {
    parser.on('opentag', (tag) => {
      const name = localName(tag.name);
      if (name === 'si') current = '';
      else if (name === 'rPh') inPhonetic += 1;
      else if (name === 't' && inPhonetic === 0) inText = true;
    });
    parser.on('text', (text) => {
      if (inText && current !== null) {
        current += text;
        if (current.length > MAX_IMPORT_ROW_CHARS)
          throw new ImportFileError('row_too_large', 'A cell holds more than 1 MB of text.');
      }
    });
    parser.on('closetag', (tag) => {
      const name = localName(tag.name);
      if (name === 't') inText = false;
      else if (name === 'rPh') inPhonetic -= 1;
      else if (name === 'si') {
        strings.push(current ?? '');
        current = null;
        if (strings.length > limit)
          throw new ImportFileError('too_many_rows', 'The workbook holds too many texts.');
      }
    });
  }))
    void _;
  return strings;
}

interface CellState {
  column: number;
  type: string;
  value: string;
  formula: string;
  inline: string;
}

/** Opens the first sheet of the workbook at `path`. */
export async function openXlsx(path: string): Promise<RowSource> {
  let zip: ZipFile;
  try {
    zip = await openZip(path, { lazyEntries: true, autoClose: false, validateEntrySizes: true });
  } catch (error) {
    throw malformed(`The file is not a readable XLSX archive: ${(error as Error).message}`);
  }
  const entries = new Map<string, Entry>();
  try {
    await new Promise<void>((resolve, reject) => {
      let unpacked = 0;
      zip.on('entry', (entry: Entry) => {
        unpacked += entry.uncompressedSize;
        if (unpacked > MAX_XLSX_UNPACKED_BYTES) return reject(tooLarge());
        entries.set(entry.fileName, entry);
        zip.readEntry();
      });
      zip.on('end', () => resolve());
      zip.on('error', reject);
      zip.readEntry();
    });
  } catch (error) {
    zip.close();
    throw zipError(error);
  }
  const workbook = entries.get('xl/workbook.xml');
  if (!workbook) {
    zip.close();
    throw new ImportFileError(
      'unsupported_format',
      'The archive is not an Excel workbook (.xlsx); save it as .xlsx or CSV.',
    );
  }
  let sheet: Entry | undefined;
  let strings: string[];
  try {
    const relations = entries.get('xl/_rels/workbook.xml.rels');
    const sheetPath = firstSheetPath(
      await readPart(zip, workbook),
      relations ? await readPart(zip, relations) : '',
    );
    sheet = entries.get(sheetPath);
    if (!sheet) throw malformed(`The workbook's first sheet (${sheetPath}) is missing.`);
    strings = await sharedStrings(zip, entries.get('xl/sharedStrings.xml'));
  } catch (error) {
    zip.close();
    throw zipError(error);
  }
  const sheetEntry = sheet;
  let read = 0;
  return {
    totalBytes: sheetEntry.uncompressedSize,
    bytesRead: () => read,
    async *rows() {
      try {
        yield* sheetRows(zip, sheetEntry, strings, (n) => {
          read += n;
        });
      } catch (error) {
        throw zipError(error);
      } finally {
        zip.close();
      }
    },
  };
}

function sheetRows(
  zip: ZipFile,
  entry: Entry,
  strings: readonly string[],
  onBytes: (n: number) => void,
): AsyncGenerator<string[]> {
  let row: string[] | null = null;
  let rowChars = 0;
  let cell: CellState | null = null;
  /** Which text the parser is in: a value, a formula, or an inline string's text. */
  let inside: 'v' | 'f' | 't' | null = null;
  let rowNumber = 0;
  return parseEntry<string[]>(
    zip,
    entry,
    (parser, ready) => {
      parser.on('opentag', (tag) => {
        const name = localName(tag.name);
        if (name === 'row') {
          row = [];
          rowChars = 0;
          rowNumber += 1;
        } else if (name === 'c' && row) {
          const attributes = tag.attributes as Record<string, string>;
          const given = columnOf(attributes.r);
          const column = given >= 0 ? given : row.length;
          if (column >= MAX_IMPORT_COLUMNS)
            throw new ImportFileError(
              'too_many_columns',
              `Row ${rowNumber} has a cell past column ${MAX_IMPORT_COLUMNS}.`,
            );
          cell = { column, type: attributes.t ?? 'n', value: '', formula: '', inline: '' };
        } else if (cell && (name === 'v' || name === 'f')) inside = name;
        else if (cell && name === 't') inside = 't';
      });
      parser.on('text', (text) => {
        if (!cell || !inside) return;
        rowChars += text.length;
        if (rowChars > MAX_IMPORT_ROW_CHARS)
          throw new ImportFileError(
            'row_too_large',
            `Row ${rowNumber} holds more than 1 MB of text.`,
          );
        if (inside === 'v') cell.value += text;
        else if (inside === 'f') cell.formula += text;
        else cell.inline += text;
      });
      parser.on('closetag', (tag) => {
        const name = localName(tag.name);
        if (name === 'v' || name === 'f' || name === 't') inside = null;
        else if (name === 'c' && cell && row) {
          const text = cellText(cell, strings);
          while (row.length < cell.column) row.push('');
          row[cell.column] = text;
          cell = null;
        } else if (name === 'row' && row) {
          if (row.some((value) => value.trim() !== '')) ready.push(row);
          row = null;
        }
      });
    },
    onBytes,
  );
}

function cellText(cell: CellState, strings: readonly string[]): string {
  const hasValue = cell.value !== '';
  // A formula is never evaluated: its saved value when there is one, else its own text.
  if (cell.formula !== '' && !hasValue) return `=${cell.formula}`;
  switch (cell.type) {
    case 's':
      return strings[Number(cell.value)] ?? '';
    case 'inlineStr':
      return cell.inline;
    case 'b':
      return cell.value === '1' ? 'TRUE' : 'FALSE';
    default:
      return cell.value;
  }
}
