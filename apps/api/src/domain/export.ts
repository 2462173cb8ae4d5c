import ExcelJS from 'exceljs';
import type { ProspectSummary } from './read';
import { STATUS_LABELS } from './status';
import { EXPORT_COLUMNS, type ProspectStatus } from '@prospecta/domain';


export const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

type ExportRow = ProspectSummary & {
  row: { phone: string | null; linkedin: string | null; company_website: string | null; reference: string | null; company_address: string | null };
};

export async function prospectsWorkbook(sheetName: string, prospects: ExportRow[]): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  workbook.creator = 'Prospecta';
  workbook.created = new Date();
  const sheet = workbook.addWorksheet(sheetName.replace(/[\\/?*[\]:]/g, ' ').slice(0, 31) || 'Prospects');
  sheet.addRow([...EXPORT_COLUMNS]);
  sheet.getRow(1).font = { bold: true };
  sheet.views = [{ state: 'frozen', ySplit: 1 }];
  for (const p of prospects) {
    const comment = p.last_comment ? [p.last_comment.activity, p.last_comment.content].filter(Boolean).join(' — ') : '';
    sheet.addRow([
      p.title,
      p.first_name,
      p.last_name,
      p.email ?? '',
      p.row.phone ?? '',
      p.row.linkedin ?? '',
      p.row.company_website ?? '',
      p.row.reference ?? '',
      p.row.company_address ?? '',
      p.company_name,
      p.position ?? '',
      p.campaign_name,
      STATUS_LABELS[p.prospecting_status as ProspectStatus] ?? p.prospecting_status,
      p.tags.map((t) => t.label).join(', '),
      comment,
    ]);
  }
  sheet.columns.forEach((column) => {
    column.width = 20;
  });
  const data = await workbook.xlsx.writeBuffer();
  return Buffer.from(data as ArrayBuffer);
}

export function slug(value: string): string {
  return (
    value
      .normalize('NFD')
      .replace(/[\u0300-\u036f]/g, '')
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-|-$/g, '')
      .slice(0, 60) || 'export'
  );
}

export function attachment(fileName: string): Record<string, string> {
  const ascii = fileName.replace(/[^\x20-\x7e]/g, '_').replace(/"/g, '');
  return { 'content-disposition': `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(fileName)}` };
}
