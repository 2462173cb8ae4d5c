import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';
import { FileDrop, type FileDropProps } from './FileDrop';

// The stories use the onboarding form's rules as an example: images and PDFs, 15 MB each.
const MAX_BYTES = 15 * 1024 * 1024;
const ACCEPT = ['image/*', 'application/pdf'];

function makeFile(name: string, type: string, size: number): File {
  const file = new File(['%PDF'], name, { type, lastModified: 0 });
  Object.defineProperty(file, 'size', { value: size });
  return file;
}

const onReject = fn();

function Demo({ initial = [], ...props }: Partial<FileDropProps> & { initial?: File[] }) {
  const [files, setFiles] = useState<File[]>(initial);
  return (
    <div style={{ maxWidth: 480 }}>
      <FileDrop
        label="Sales presentation"
        buttonLabel="Choose files"
        hint="Images or PDF, up to 15 MB each. You can also drop files here."
        sizeErrorMessage="Some files exceed the 15MB size limit."
        typeErrorMessage="Only images and PDF files are accepted."
        removeLabel={(file) => `Remove ${file.name}`}
        locale="en"
        maxBytes={MAX_BYTES}
        accept={ACCEPT}
        onReject={onReject}
        {...props}
        files={files}
        onFilesChange={setFiles}
      />
    </div>
  );
}

const meta = {
  title: 'Components/FileDrop',
  component: FileDrop,
  tags: ['autodocs'],
  args: {} as FileDropProps,
  render: () => <Demo />,
  beforeEach: () => {
    onReject.mockClear();
  },
} satisfies Meta<typeof FileDrop>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Empty: Story = {};
export const WithFiles: Story = {
  render: () => (
    <Demo
      initial={[
        makeFile('brochure-2026.pdf', 'application/pdf', 2_456_789),
        makeFile('team.png', 'image/png', 345_678),
      ]}
    />
  ),
};
export const ManyFilesAndLongNames: Story = {
  render: () => (
    <Demo
      initial={[
        makeFile(
          'présentation-commerciale-version-finale-validée-par-la-direction-générale-2026.pdf',
          'application/pdf',
          14_900_000,
        ),
        ...Array.from({ length: 8 }, (_, i) =>
          makeFile(`photo-${i + 1}.jpg`, 'image/jpeg', 100_000 * (i + 1)),
        ),
      ]}
    />
  ),
};
export const Disabled: Story = {
  render: () => <Demo disabled initial={[makeFile('brochure.pdf', 'application/pdf', 1000)]} />,
};
export const FormError: Story = { render: () => <Demo error="Required" /> };
export const French: Story = {
  render: () => (
    <Demo
      label="Présentation commerciale"
      buttonLabel="Choisir des fichiers"
      hint="Images ou PDF, 15 Mo maximum chacun. Vous pouvez aussi déposer les fichiers ici."
      locale="fr"
      initial={[makeFile('brochure.pdf', 'application/pdf', 1_536_000)]}
    />
  ),
};

export const PickingSeveralFilesAddsThem: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.upload(canvas.getByTestId('file-drop-input'), [
      makeFile('a.pdf', 'application/pdf', 1000),
      makeFile('b.png', 'image/png', 2000),
    ]);
    await expect(await canvas.findByText('a.pdf')).toBeVisible();
    await expect(canvas.getByText('b.png')).toBeVisible();
    await expect(canvas.queryByRole('alert')).toBeNull();
  },
};

export const TooLargeFileShowsTheSizeError: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.upload(canvas.getByTestId('file-drop-input'), [
      makeFile('huge.pdf', 'application/pdf', MAX_BYTES + 1),
      makeFile('small.pdf', 'application/pdf', 10),
    ]);
    await expect(await canvas.findByRole('alert')).toHaveTextContent(
      'Some files exceed the 15MB size limit.',
    );
    await expect(canvas.getByText('small.pdf')).toBeVisible();
    await expect(canvas.queryByText('huge.pdf')).toBeNull();
    await expect(onReject).toHaveBeenCalledWith([expect.objectContaining({ reason: 'size' })]);
  },
};

export const DroppingAWrongTypeShowsTheTypeError: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const transfer = new DataTransfer();
    transfer.items.add(new File(['hello'], 'notes.txt', { type: 'text/plain' }));
    transfer.items.add(new File(['png'], 'logo.png', { type: 'image/png' }));
    canvas
      .getByTestId('file-drop-zone')
      .dispatchEvent(
        new DragEvent('drop', { dataTransfer: transfer, bubbles: true, cancelable: true }),
      );
    await expect(await canvas.findByRole('alert')).toHaveTextContent(
      'Only images and PDF files are accepted.',
    );
    await expect(canvas.getByText('logo.png')).toBeVisible();
  },
};

export const RemovingAFile: Story = {
  render: () => (
    <Demo
      initial={[
        makeFile('brochure.pdf', 'application/pdf', 1000),
        makeFile('team.png', 'image/png', 2000),
      ]}
    />
  ),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: 'Remove brochure.pdf' }));
    await waitFor(() => expect(canvas.queryByText('brochure.pdf')).toBeNull());
    await expect(canvas.getByText('team.png')).toBeVisible();
  },
};

/** Uploads tracked by the caller: one in progress, one stored, one refused by the server. */
export const UploadEntries: Story = {
  render: () => (
    <div style={{ maxWidth: 480 }}>
      <FileDrop
        label="Sales presentation"
        buttonLabel="Choose files"
        sizeErrorMessage="Some files exceed the 15MB size limit."
        typeErrorMessage="Only images and PDF files are accepted."
        removeLabel={(file) => `Remove ${file.name}`}
        locale="en"
        maxBytes={MAX_BYTES}
        accept={ACCEPT}
        files={[]}
        onFilesChange={() => {}}
        entries={[
          {
            key: '1',
            name: 'brochure-2026.pdf',
            size: 12_456_789,
            type: 'application/pdf',
            progress: 0.42,
            progressLabel: 'Upload of brochure-2026.pdf',
          },
          { key: '2', name: 'team.png', size: 345_678, type: 'image/png' },
          {
            key: '3',
            name: 'renamed.pdf',
            size: 1000,
            type: 'application/pdf',
            error: 'This file is neither an image nor a PDF.',
          },
        ]}
      />
    </div>
  ),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const bar = canvas.getByRole('progressbar', { name: 'Upload of brochure-2026.pdf' });
    await expect(bar).toHaveAttribute('aria-valuenow', '42');
    await expect(canvas.getByText('This file is neither an image nor a PDF.')).toBeVisible();
    await expect(canvas.getByRole('button', { name: 'Remove team.png' })).toBeEnabled();
  },
};
