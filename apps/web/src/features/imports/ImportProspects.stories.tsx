import type { Meta, StoryObj } from '@storybook/react-vite';
import { delay } from 'msw';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import type { Import } from '@prospecta/api-client';
import { mockOperation } from '@prospecta/api-client/msw';
import { automaticMapping } from '@prospecta/domain';
import { withApp, type AppStoryParameters } from '../../testing/decorators';
import { IMPORT_COLUMNS, importPreview, makeImport, VALIDATED_COUNTS } from '../../testing/imports';
import { at1440, atWidth, backToTop, pageHandlers, WIDTH_VIEWPORTS } from '../../testing/stories';
import { customerUser, staffUser } from '../../testing/users';
import { ImportProspects } from './ImportProspects';

const staff: AppStoryParameters = { user: staffUser };

/** The reads of one import's panel: the campaign's imports, the import itself, and the page's reads. */
function importHandlers(imports: Import[]) {
  return [
    mockOperation('get', '/api/v1/campaigns/{id}/imports', {
      status: 200,
      body: { imports },
    }),
    mockOperation('get', '/api/v1/imports/{importId}', ({ params }) => {
      const found = imports.find((item) => item.id === Number(params.importId));
      return found ? { status: 200, body: found } : { status: 404, body: { detail: 'Not found.' } };
    }),
    ...pageHandlers(),
  ];
}

const done = makeImport({
  id: 690,
  file_name: 'salon-rh-bordeaux.xlsx',
  format: 'xlsx',
  delimiter: null,
  state: 'done',
  counts: { ...VALIDATED_COUNTS, imported: 488 },
});
const validated = makeImport({
  state: 'validated',
  counts: VALIDATED_COUNTS,
  preview: importPreview(undefined, { 9: 'in_other_active_campaign', 12: 'duplicate_in_file' }),
});
const committing = makeImport({
  state: 'committing',
  counts: VALIDATED_COUNTS,
  progress: { done: 250, total: 488 },
});
const failed = makeImport({
  state: 'failed',
  counts: VALIDATED_COUNTS,
  error: { code: 'file_missing', detail: 'ENOENT: /var/uploads/imports/700' },
});
const cancelled = makeImport({ id: 680, file_name: 'ancien-fichier.csv', state: 'cancelled' });

const meta = {
  title: 'Screens/Imports/Panel',
  component: ImportProspects,
  decorators: [withApp],
  args: { campaignId: 50 },
  parameters: {
    app: staff,
    viewport: WIDTH_VIEWPORTS,
    msw: { handlers: importHandlers([]) },
  },
  globals: atWidth(1280),
} satisfies Meta<typeof ImportProspects>;

export default meta;
type Story = StoryObj<typeof meta>;

const french = { ...atWidth(390), locale: 'fr' } as const;

/** No import yet: the panel says so and offers the import. */
export const Empty: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByTestId('imports-empty')).toHaveTextContent(
      'No import yet. Import a CSV or XLSX file to add prospects to this campaign.',
    );
    await expect(
      canvas.getByRole('heading', { level: 2, name: 'Imports of prospects' }),
    ).toBeVisible();
    await expect(canvas.getByRole('button', { name: 'Import prospects' })).toBeEnabled();
  },
};

export const EmptyFrench: Story = {
  globals: french,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByTestId('imports-empty')).toHaveTextContent(
      'Aucun import pour l’instant. Importez un fichier CSV ou XLSX pour ajouter des prospects à cette campagne.',
    );
    await expect(canvas.getByRole('button', { name: 'Importer des prospects' })).toBeEnabled();
  },
};

/** A customer sees no import panel at all (staff only). */
export const NothingForACustomer: Story = {
  tags: ['no-visual'], // An empty canvas, the picture of no story.
  parameters: { app: { user: customerUser } },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).queryByTestId('imports-panel')).not.toBeInTheDocument();
  },
};

const pickFile = async (canvasElement: HTMLElement, file: File) => {
  const canvas = within(canvasElement);
  await userEvent.click(
    await canvas.findByRole('button', { name: /^(Import prospects|Importer des prospects)$/ }),
  );
  const input = await canvas.findByTestId('file-drop-input');
  await userEvent.upload(input, file, { applyAccept: false });
};
const csvFile = () =>
  new File(
    [`${IMPORT_COLUMNS.join(';')}\nMme;Claire;Martin;claire@example.com;Atelier;Gérante;\n`],
    'prospects-salon-lyon.csv',
    {
      type: 'text/csv',
    },
  );

/** The file is on its way: its name, size and the upload's progress. */
export const Uploading: Story = {
  parameters: {
    msw: {
      handlers: [
        mockOperation('post', '/api/v1/campaigns/{id}/imports', async () => {
          await delay('infinite');
          return { status: 202, body: makeImport({ state: 'analysing' }) };
        }),
        ...importHandlers([]),
      ],
    },
  },
  play: async ({ canvasElement }) => {
    await pickFile(canvasElement, csvFile());
    const canvas = within(canvasElement);
    await expect(
      await canvas.findByRole('progressbar', { name: 'Upload of “prospects-salon-lyon.csv”' }),
    ).toBeInTheDocument();
    await expect(canvas.getByRole('button', { name: 'Choose a file' })).toBeDisabled();
  },
};

export const UploadingFrench: Story = {
  ...Uploading,
  globals: french,
  play: async ({ canvasElement }) => {
    await pickFile(canvasElement, csvFile());
    await expect(
      await within(canvasElement).findByRole('progressbar', {
        name: /^Envoi de «\s?prospects-salon-lyon\.csv\s?»$/,
      }),
    ).toBeInTheDocument();
  },
};

/** A file of another type is refused before it is sent; the server's refusal arrives as a translated code. */
export const UploadRefused: Story = {
  parameters: {
    msw: {
      handlers: [
        mockOperation('post', '/api/v1/campaigns/{id}/imports', {
          status: 415,
          body: { code: 'unsupported_format', detail: 'Old binary XLS (CFB) content' },
        }),
        ...importHandlers([]),
      ],
    },
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await pickFile(
      canvasElement,
      new File(['%PDF-1.7'], 'brochure.pdf', { type: 'application/pdf' }),
    );
    await expect(await canvas.findByRole('alert')).toHaveTextContent(
      'This file is neither a CSV nor an XLSX file. Choose a .csv, .tsv, .txt or .xlsx file.',
    );
    await userEvent.upload(
      canvas.getByTestId('file-drop-input'),
      new File(['\xD0\xCF\x11\xE0'], 'ancien.xlsx', {
        type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      }),
      { applyAccept: false },
    );
    await expect(
      await canvas.findByText(
        'This format is not read (an old .xls file?). Save it as XLSX or CSV.',
      ),
    ).toBeInTheDocument();
    await expect(canvas.queryByText(/CFB/)).not.toBeInTheDocument();
  },
};

/** The columns as the server matched them (French headers recognised), the notes ignored, the first 20 rows. */
export const Mapping: Story = {
  parameters: { msw: { handlers: importHandlers([makeImport(), done]) } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByTestId('import-file-summary')).toHaveTextContent(
      'CSV file “prospects-salon-lyon.csv”: 500 rows, 7 columns.',
    );
    await expect(canvas.getByRole('combobox', { name: 'E-mail' })).toHaveTextContent('E-mail');
    await expect(canvas.getByRole('combobox', { name: 'Société' })).toHaveTextContent('Company');
    await expect(canvas.getByRole('combobox', { name: 'Notes' })).toHaveTextContent(
      'Ignore this column',
    );
    await expect(canvas.getAllByText('Recognised')).toHaveLength(6);
    await expect(canvas.getByTestId('import-preview').querySelectorAll('tbody tr')).toHaveLength(
      20,
    );
    await expect(canvas.getByRole('button', { name: 'Check the rows' })).toBeEnabled();
    await expect(canvas.getByTestId('imports-list')).toHaveTextContent('salon-rh-bordeaux.xlsx');
  },
};

export const MappingFrench: Story = {
  ...Mapping,
  globals: french,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByTestId('import-file-summary')).toHaveTextContent(
      'Fichier CSV « prospects-salon-lyon.csv » : 500 lignes, 7 colonnes.',
    );
    await expect(canvas.getByRole('combobox', { name: 'Notes' })).toHaveTextContent(
      'Ignorer cette colonne',
    );
    await expect(canvas.getAllByText('Reconnue')).toHaveLength(6);
    backToTop();
  },
};

/** Ignoring the e-mail column is refused here, before the server: the address is required. */
export const MappingWithoutEmailIsRefused: Story = {
  tags: ['no-visual'], // Ends on an open list's closing animation; the message is asserted.
  parameters: { msw: { handlers: importHandlers([makeImport()]) } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(await canvas.findByRole('combobox', { name: 'E-mail' }));
    const body = within(canvasElement.ownerDocument.body);
    await userEvent.click(await body.findByRole('option', { name: 'Ignore this column' }));
    await expect(await canvas.findByTestId('import-mapping-error')).toHaveTextContent(
      'Choose the column that holds the e-mail address: it is required.',
    );
  },
};

/** A column changed: the server answers the import with its new preview. */
export const MappingChangeIsSaved: Story = {
  tags: ['no-visual'], // The same picture as Mapping once saved.
  parameters: {
    msw: {
      handlers: [
        mockOperation('put', '/api/v1/imports/{importId}/mapping', async ({ json }) => {
          const body = await json();
          return {
            status: 200,
            body: makeImport({ mapping: body.mapping, preview: importPreview(body.mapping) }),
          };
        }),
        ...importHandlers([makeImport()]),
      ],
    },
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(await canvas.findByRole('combobox', { name: 'Notes' }));
    const body = within(canvasElement.ownerDocument.body);
    await userEvent.click(await body.findByRole('option', { name: 'Tags' }));
    await waitFor(() =>
      expect(canvas.getByRole('combobox', { name: 'Notes' })).toHaveTextContent('Tags'),
    );
    await expect(automaticMapping(IMPORT_COLUMNS)[6]).toBeNull();
  },
};

/** The check's outcome: valid and refused counts, refusals by reason, the other-campaigns choice, the report. */
export const ValidationErrors: Story = {
  parameters: { msw: { handlers: importHandlers([validated, done]) } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByTestId('import-valid-count')).toHaveTextContent(
      '488 valid rows',
    );
    await expect(canvas.getByTestId('import-refused-count')).toHaveTextContent('12 refused rows');
    const reasons = within(canvas.getByTestId('import-reasons')).getAllByRole('listitem');
    await expect(reasons.map((item) => item.textContent)).toEqual([
      'Not an e-mail address: 5',
      'Same e-mail as an earlier row: 3',
      'Already in another active campaign: 3',
      'Address bounced: 1',
    ]);
    await expect(
      canvas.getByRole('combobox', { name: 'Prospects already in another active campaign' }),
    ).toHaveTextContent('Skip them (refused)');
    await expect(
      canvas.getByRole('button', { name: 'Download the refused rows (CSV)' }),
    ).toBeEnabled();
    await expect(canvas.getByRole('button', { name: 'Import 488 prospects' })).toBeEnabled();
  },
};

export const ValidationErrorsFrench: Story = {
  ...ValidationErrors,
  globals: french,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByTestId('import-valid-count')).toHaveTextContent(
      '488 lignes valides',
    );
    await expect(canvas.getByTestId('import-reasons')).toHaveTextContent(
      'Déjà dans une autre campagne active : 3',
    );
    await expect(canvas.getByRole('button', { name: 'Importer 488 prospects' })).toBeEnabled();
  },
};

/** Committing: the progress the server counts, the import can be left or cancelled. */
export const Progress: Story = {
  parameters: { msw: { handlers: importHandlers([committing, done]) } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const bar = await canvas.findByRole('progressbar', { name: 'Storing of the prospects' });
    await expect(bar).toHaveAttribute('aria-valuenow', '51');
    await expect(bar).toHaveAttribute('aria-valuetext', '250 of 488 rows');
    await expect(canvas.getByTestId('import-state')).toHaveTextContent('Importing');
    await expect(canvas.getByRole('button', { name: 'Cancel the import' })).toBeEnabled();
  },
};

export const ProgressFrench: Story = {
  ...Progress,
  globals: french,
  play: async ({ canvasElement }) => {
    const bar = await within(canvasElement).findByRole('progressbar', {
      name: 'Enregistrement des prospects',
    });
    await expect(bar).toHaveAttribute('aria-valuetext', '250 lignes sur 488');
  },
};

/** Commit asked: the server answers the import committing, and its progress shows. */
export const CommitStartsTheProgress: Story = {
  tags: ['no-visual'], // Ends on the picture of Progress.
  parameters: {
    msw: {
      handlers: [
        mockOperation('post', '/api/v1/imports/{importId}/commit', {
          status: 202,
          body: { ...committing, progress: { done: 0, total: 488 } },
        }),
        ...importHandlers([validated]),
      ],
    },
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(await canvas.findByRole('button', { name: 'Import 488 prospects' }));
    await expect(
      await canvas.findByRole('progressbar', { name: 'Storing of the prospects' }),
    ).toHaveAttribute('aria-valuenow', '0');
  },
};

/** A finished import, opened from the list: its counts. */
export const Done: Story = {
  parameters: { msw: { handlers: importHandlers([done, cancelled]) } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByTestId('imports-list')).toHaveTextContent(
      '488 prospects imported',
    );
    await userEvent.click(
      canvas.getByRole('button', { name: 'Open the import of salon-rh-bordeaux.xlsx' }),
    );
    await expect(await canvas.findByTestId('import-done')).toHaveTextContent(
      '488 prospects were added to the campaign; 12 rows were refused.',
    );
    await expect(canvas.getByRole('button', { name: 'Import another file' })).toBeEnabled();
    backToTop();
  },
};

export const DoneFrench: Story = {
  ...Done,
  globals: french,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(
      await canvas.findByRole('button', {
        name: /^Ouvrir l’import «\s?salon-rh-bordeaux\.xlsx\s?»$/,
      }),
    );
    await expect(await canvas.findByTestId('import-done')).toHaveTextContent(
      '488 prospects ont été ajoutés à la campagne ; 12 lignes ont été refusées.',
    );
    backToTop();
  },
};

/** A failed step: the reason translated (never the server's text), Retry and Cancel. */
export const Failed: Story = {
  parameters: { msw: { handlers: importHandlers([failed, done]) } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByTestId('import-failure-reason')).toHaveTextContent(
      'The uploaded file is no longer on the server. Upload it again.',
    );
    await expect(canvas.queryByText(/ENOENT/)).not.toBeInTheDocument();
    await expect(canvas.getByRole('button', { name: 'Retry' })).toBeEnabled();
    await expect(canvas.getByRole('button', { name: 'Cancel the import' })).toBeEnabled();
  },
};

export const FailedFrench: Story = {
  ...Failed,
  globals: french,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByTestId('import-failure-reason')).toHaveTextContent(
      'Le fichier envoyé n’est plus sur le serveur. Envoyez-le de nouveau.',
    );
    await expect(canvas.getByRole('button', { name: 'Réessayer' })).toBeEnabled();
  },
};

/** Retry: the failed step runs again and its progress shows. */
export const RetryRunsTheStepAgain: Story = {
  tags: ['no-visual'], // Ends on a progress like Progress's.
  parameters: {
    msw: {
      handlers: [
        mockOperation('post', '/api/v1/imports/{importId}/retry', {
          status: 202,
          body: { ...committing, progress: { done: 100, total: 488 } },
        }),
        ...importHandlers([failed]),
      ],
    },
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(await canvas.findByRole('button', { name: 'Retry' }));
    await expect(
      await canvas.findByRole('progressbar', { name: 'Storing of the prospects' }),
    ).toHaveAttribute('aria-valuenow', '20');
  },
};

/** Cancel, confirmed: the server answers the import cancelled. */
export const Cancelled: Story = {
  parameters: {
    msw: {
      handlers: [
        mockOperation('post', '/api/v1/imports/{importId}/cancel', {
          status: 200,
          body: { ...validated, state: 'cancelled' },
        }),
        ...importHandlers([validated]),
      ],
    },
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(await canvas.findByRole('button', { name: 'Cancel the import' }));
    const body = within(canvasElement.ownerDocument.body);
    const dialog = await body.findByRole('alertdialog', { name: 'Cancel this import?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel the import' }));
    await expect(await canvas.findByTestId('import-cancelled')).toHaveTextContent(
      'Nothing of “prospects-salon-lyon.csv” was kept in the campaign.',
    );
    await waitFor(() => expect(body.queryByRole('alertdialog')).not.toBeInTheDocument());
    backToTop();
  },
};

export const CancelledFrench: Story = {
  globals: french,
  parameters: { msw: { handlers: importHandlers([cancelled]) } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(
      await canvas.findByRole('button', { name: /^Ouvrir l’import «\s?ancien-fichier\.csv\s?»$/ }),
    );
    await expect(await canvas.findByTestId('import-cancelled')).toHaveTextContent(
      'Rien de « ancien-fichier.csv » n’a été gardé dans la campagne.',
    );
    backToTop();
  },
};

// Every state in English on a phone and in French on a laptop, beside the ones above (English at 1280 px, French at
// 390 px): the same assertions at the other width.
const frenchWide = { ...atWidth(1280), locale: 'fr' } as const;
const phone = atWidth(390);

export const EmptyPhone: Story = { ...Empty, globals: phone };
export const EmptyFrenchWide: Story = { ...EmptyFrench, globals: frenchWide };
export const MappingPhone: Story = { ...Mapping, globals: phone };
export const MappingFrenchWide: Story = { ...MappingFrench, globals: frenchWide };
export const ValidationErrorsPhone: Story = { ...ValidationErrors, globals: phone };
export const ValidationErrorsFrenchWide: Story = {
  ...ValidationErrorsFrench,
  globals: frenchWide,
};
export const ProgressPhone: Story = { ...Progress, globals: phone };
export const ProgressFrenchWide: Story = { ...ProgressFrench, globals: frenchWide };
export const DonePhone: Story = { ...Done, globals: phone };
export const DoneFrenchWide: Story = { ...DoneFrench, globals: frenchWide };
export const FailedPhone: Story = { ...Failed, globals: phone };
export const FailedFrenchWide: Story = { ...FailedFrench, globals: frenchWide };
export const CancelledPhone: Story = { ...Cancelled, globals: phone };
export const CancelledFrenchWide: Story = { ...CancelledFrench, globals: frenchWide };

// ── each state on a 1440 px laptop, in English and in French ──

export const EmptyAt1440: Story = at1440(Empty);
export const EmptyFrenchAt1440: Story = at1440(EmptyFrench);
/** The choice for prospects in another campaign keeps to 32rem instead of the panel's whole width. */
const otherCampaignsChoiceFits = async (canvasElement: HTMLElement) => {
  const choice = within(canvasElement).getByRole('combobox', {
    name: /^Prospects (already in another active campaign|déjà dans une autre campagne active)$/,
  });
  await expect(choice.getBoundingClientRect().width).toBeLessThanOrEqual(32 * 16 + 1);
};

export const MappingAt1440: Story = at1440(Mapping, otherCampaignsChoiceFits);
export const MappingFrenchAt1440: Story = at1440(MappingFrench, otherCampaignsChoiceFits);
export const ValidationErrorsAt1440: Story = at1440(ValidationErrors);
export const ValidationErrorsFrenchAt1440: Story = at1440(ValidationErrorsFrench);
export const ProgressAt1440: Story = at1440(Progress);
export const ProgressFrenchAt1440: Story = at1440(ProgressFrench);
export const DoneAt1440: Story = at1440(Done);
export const DoneFrenchAt1440: Story = at1440(DoneFrench);
export const FailedAt1440: Story = at1440(Failed);
export const FailedFrenchAt1440: Story = at1440(FailedFrench);
export const CancelledAt1440: Story = at1440(Cancelled);
export const CancelledFrenchAt1440: Story = at1440(CancelledFrench);
