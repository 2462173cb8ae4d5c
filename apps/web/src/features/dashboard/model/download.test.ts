import { describe, expect, it } from 'vitest';
import { dashboardExportFallbackName, filenameFromDisposition } from './download';

describe('filenameFromDisposition', () => {
  it.each([
    ['attachment; filename="dashboard-2-2026-11-21.xlsx"', 'dashboard-2-2026-11-21.xlsx'],
    ['attachment; filename=export.xlsx', 'export.xlsx'],
    ["attachment; filename=\"fallback.xlsx\"; filename*=UTF-8''Prospects%20Dubois%20%C3%A9t%C3%A9.xlsx", 'Prospects Dubois été.xlsx'],
    ['attachment; filename="a \\"quoted\\" name.xlsx"', 'a "quoted" name.xlsx'],
    ['attachment; filename="../../etc/passwd"', 'passwd'],
    ['attachment; filename="C:\\\\temp\\\\x.xlsx"', 'x.xlsx'],
  ])('%s → %s', (header, expected) => {
    expect(filenameFromDisposition(header, 'fallback.xlsx')).toBe(expected);
  });

  it('falls back without a header, without a name, or with a name that is only a path', () => {
    expect(filenameFromDisposition(null, 'f.xlsx')).toBe('f.xlsx');
    expect(filenameFromDisposition('attachment', 'f.xlsx')).toBe('f.xlsx');
    expect(filenameFromDisposition('attachment; filename=".."', 'f.xlsx')).toBe('f.xlsx');
  });

  it('uses the plain name when the extended form is malformed', () => {
    expect(filenameFromDisposition("attachment; filename=\"plain.xlsx\"; filename*=UTF-8''%E0%A4%A.xlsx", 'f.xlsx')).toBe('plain.xlsx');
  });
});

describe('dashboardExportFallbackName', () => {
  it('names the file after the user and the day', () => {
    expect(dashboardExportFallbackName(42, new Date('2026-03-05T10:00:00Z'))).toBe('dashboard-42-2026-03-05.xlsx');
  });
});
