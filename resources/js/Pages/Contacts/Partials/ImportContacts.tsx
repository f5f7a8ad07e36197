import { useForm } from '@inertiajs/react';
import type { FormEvent } from 'react';
import DialogModal from '@/Components/DialogModal';
import FileDrop from '@/Components/FileDrop';
import InputError from '@/Components/InputError';
import PrimaryButton from '@/Components/PrimaryButton';
import SecondaryButton from '@/Components/SecondaryButton';
import { plural } from '@/lib/plural';
import { route } from '@/lib/route';
import { formatBytes } from '../../Knowledges/Partials/format';
import type { ContactImportReport, ContactsIndexProps } from './types';

/** Picks a CSV file or an Excel workbook of contacts and imports it (contacts.import). */
export function ImportContacts({
  show,
  onClose,
  onImported,
  limits,
}: {
  show: boolean;
  onClose: () => void;
  /** What the import did (the answer's flash). */
  onImported: (report: ContactImportReport) => void;
  limits: ContactsIndexProps['import_limits'];
}) {
  const form = useForm<{ file: File | null }>({ file: null });
  const close = () => {
    form.reset();
    form.clearErrors();
    onClose();
  };
  const submit = (event?: FormEvent) => {
    event?.preventDefault();
    form.post(route('contacts.import'), {
      errorBag: 'importContacts',
      forceFormData: true,
      onSuccess: (page) => {
        const report = page.flash?.contactImport;
        if (report) onImported(report);
        close();
      },
    });
  };
  return (
    <DialogModal
      show={show}
      onClose={close}
      title="Import contacts"
      footer={
        <>
          <SecondaryButton onClick={close}>Cancel</SecondaryButton>
          <PrimaryButton
            className="ms-3"
            type="submit"
            form="import-contacts"
            disabled={form.processing || !form.data.file}
          >
            {form.processing ? 'Importing…' : 'Import'}
          </PrimaryButton>
        </>
      }
    >
      <form id="import-contacts" onSubmit={submit} className="space-y-4" aria-label="Import contacts">
        <p>
          A CSV file or an Excel workbook (its first sheet) whose first row names the columns: <b>name</b>, <b>phone</b>
          , <b>email</b> (or nama, no HP, WhatsApp, telepon, e-mail), <b>customer id</b> (your own id for them, or id
          pelanggan, member id), and any of your contact fields by its name. Each row needs a phone, an e-mail or an id.
          Someone you already have (the same id, or else phone, or else e-mail) gets only what their contact lacks;
          nothing is overwritten. A file from &ldquo;Export CSV&rdquo; imports as it is.
        </p>
        <div>
          <FileDrop
            id="import-contacts-file"
            accept=".csv,.txt,.xlsx,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
            file={form.data.file}
            onChange={(file) => {
              form.setData('file', file);
              form.clearErrors();
            }}
            disabled={form.processing}
            invalid={Boolean(form.errors.file)}
            describedBy="import-contacts-file-error"
            fileHint={form.data.file ? formatBytes(form.data.file.size) : undefined}
            hint={`CSV or Excel (.xlsx); up to ${formatBytes(limits.bytes)} and ${limits.rows.toLocaleString('en-US')} rows.`}
          />
          <InputError id="import-contacts-file-error" className="mt-2" message={form.errors.file} />
        </div>
      </form>
    </DialogModal>
  );
}

/** What the last import did: counts, the rows skipped and why, the columns not used. */
export function ImportReport({ report, onDismiss }: { report: ContactImportReport; onDismiss: () => void }) {
  const parts = [
    `${plural(report.created, 'new contact')}`,
    report.updated > 0 ? `${report.updated} given details they lacked` : null,
    report.unchanged > 0 ? `${report.unchanged} already up to date` : null,
    report.repeated > 0 ? `${plural(report.repeated, 'row')} repeating a person above, combined` : null,
    report.skipped > 0 ? `${report.skipped} skipped` : null,
  ].filter(Boolean);
  return (
    <section
      aria-label="Import result"
      aria-live="polite"
      className="mx-4 rounded-lg bg-white p-4 shadow-sm ring-1 ring-gray-200 sm:mx-0 sm:p-6"
    >
      <div className="flex items-start justify-between gap-4">
        <div>
          <h2 className="text-base font-medium text-gray-900">Imported {plural(report.rows, 'row')}</h2>
          <p className="mt-1 text-sm text-gray-600">{parts.join(', ')}.</p>
        </div>
        <button
          type="button"
          onClick={onDismiss}
          className="cursor-pointer text-sm text-gray-500 underline hover:text-gray-700 focus:ring-2 focus:ring-indigo-500 focus:outline-hidden"
        >
          Dismiss
        </button>
      </div>
      {report.problems.length > 0 && (
        <div className="mt-4">
          <h3 className="text-sm font-medium text-gray-900">Skipped rows</h3>
          <ul className="mt-2 max-h-48 space-y-1 overflow-y-auto text-sm text-gray-700" aria-label="Skipped rows">
            {report.problems.map((problem) => (
              <li key={problem.row}>
                <span className="font-medium">Row {problem.row}:</span> {problem.message}
              </li>
            ))}
          </ul>
          {report.skipped > report.problems.length && (
            <p className="mt-2 text-xs text-gray-500">
              And {plural(report.skipped - report.problems.length, 'more row')} skipped.
            </p>
          )}
        </div>
      )}
      {report.ignoredColumns.length > 0 && (
        <p className="mt-4 text-xs text-gray-500">
          Columns not imported: {report.ignoredColumns.slice(0, 12).join(', ')}
          {report.ignoredColumns.length > 12 ? '…' : ''}.
        </p>
      )}
    </section>
  );
}
