import { Head, Link, type useForm } from '@inertiajs/react';
import Checkbox from '@/Components/Checkbox';
import InputError from '@/Components/InputError';
import InputLabel from '@/Components/InputLabel';
import Select from '@/Components/Select';
import TextAreaField from '@/Components/TextAreaField';
import TextField from '@/Components/TextField';
import { fieldProps } from '@/lib/form-field';
import { plural } from '@/lib/plural';
import { route } from '@/lib/route';
import { PageHeader } from '@/Layouts/AppLayout';
import {
  DeleteConfirmation,
  EditDialog,
  ManagedRow,
  ManagedSections,
  RowActions,
  useManagedList,
} from '../Conversations/Partials/ManagedList';
import {
  contactFieldTypeLabels,
  fieldKeyOf,
  type ContactFieldShape,
} from '../../../../server/domain/contacts/field-values';
import type { ContactFieldType } from '../../../../server/db/schema/contact-fields';

export interface ContactFieldsProps {
  fields: Array<ContactFieldShape & { id: number; bot_readable: boolean; contacts: number }>;
  types: { value: ContactFieldType; label: string }[];
  limits: { label: number; perTeam: number; options: number; option: number; text: number };
}

type FieldForm = { label: string; type: ContactFieldType; options: string; bot_readable: boolean };

const typeHints: Record<ContactFieldType, string> = {
  text: 'Anything written: a city, a member number, a note.',
  number: 'A number, such as a balance or points; 1.500.000 and 1,500,000 are both read.',
  date: 'A day, such as a birthday or a contract’s end; 17/08/1990 in a file.',
  list: 'One of the choices you give, such as Gold, Silver, Bronze.',
  yes_no: 'Yes or no, such as “member” or “consented to calls”.',
};

/** Label, type (only for a new field: values depend on it) and a list's choices. */
function FieldInputs({
  form,
  idPrefix,
  types,
  limits,
  fixedType,
}: {
  form: ReturnType<typeof useForm<FieldForm>>;
  idPrefix: string;
  types: ContactFieldsProps['types'];
  limits: ContactFieldsProps['limits'];
  /** The type of a field being changed, shown but not offered. */
  fixedType?: ContactFieldType;
}) {
  const type = fixedType ?? form.data.type;
  const key = fieldKeyOf(form.data.label);
  return (
    <>
      <TextField
        label="Label"
        className="col-span-6 sm:col-span-4"
        {...fieldProps(form, 'label')}
        id={`${idPrefix}-label`}
        autoComplete="off"
        maxLength={limits.label}
        hint={
          fixedType === undefined && key !== '' ? (
            <>
              In saved replies and broadcasts: <code className="text-gray-700">{`{{contact.${key}}}`}</code>
            </>
          ) : (
            'As the contact card and the contacts file name it: “Kota”, “Member tier”, “Tanggal lahir”.'
          )
        }
      />
      {fixedType === undefined ? (
        <div className="col-span-6 sm:col-span-4">
          <InputLabel htmlFor={`${idPrefix}-type`} value="Holds" />
          <Select
            id={`${idPrefix}-type`}
            value={form.data.type}
            onChange={(event) => form.setData('type', event.target.value as ContactFieldType)}
            className="mt-1 block w-full"
            aria-describedby={`${idPrefix}-type-hint`}
          >
            {types.map((option) => (
              <option key={option.value} value={option.value}>
                {option.label}
              </option>
            ))}
          </Select>
          <p id={`${idPrefix}-type-hint`} className="mt-1 text-sm text-gray-500">
            {typeHints[form.data.type]}
          </p>
          <InputError className="mt-2" message={form.errors.type} />
        </div>
      ) : (
        <p className="col-span-6 text-sm text-gray-600">
          Holds: {contactFieldTypeLabels[fixedType]}. The type and the variable stay as they were made.
        </p>
      )}
      {type === 'list' && (
        <TextAreaField
          label="Choices"
          className="col-span-6 sm:col-span-4"
          {...fieldProps(form, 'options')}
          id={`${idPrefix}-options`}
          rows={4}
          hint={`One a line, up to ${limits.options}. A contact whose choice you take out keeps it until someone picks another.`}
        />
      )}
      <div className="col-span-6 flex items-start gap-3 sm:col-span-4">
        <Checkbox
          id={`${idPrefix}-bot-readable`}
          className="mt-0.5"
          checked={form.data.bot_readable}
          onChange={(event) => form.setData('bot_readable', event.target.checked)}
          aria-describedby={`${idPrefix}-bot-readable-hint`}
        />
        <div>
          <label htmlFor={`${idPrefix}-bot-readable`} className="block text-sm font-medium text-gray-900">
            Bots may tell customers their own value
          </label>
          <p id={`${idPrefix}-bot-readable-hint`} className="text-sm text-gray-500">
            A customer who asks “berapa poin saya?” gets theirs. Only where the channel knows who is writing: WhatsApp,
            Telegram, your webhooks, and website visitors your site signs in.
          </p>
          <InputError className="mt-2" message={form.errors.bot_readable} />
        </div>
      </div>
    </>
  );
}

/**
 * Contacts/Fields: the team's own contact fields (a customer's city, member tier, birthday). Each
 * contact's card lists and edits their values; a contacts file's column of the same name imports
 * into one; saved replies and broadcasts write them in (`{{contact.kota}}`).
 */
export default function Fields({ fields, types, limits }: ContactFieldsProps) {
  type Row = ContactFieldsProps['fields'][number];
  const list = useManagedList<Row, FieldForm>({
    blank: { label: '', type: 'text', options: '', bot_readable: false },
    dataOf: (field) => ({
      label: field.label,
      type: field.type,
      options: field.options.join('\n'),
      bot_readable: field.bot_readable,
    }),
    urls: {
      store: route('contacts.fields.store'),
      update: (field) => route('contacts.fields.update', { contactField: field.id }),
      destroy: (field) => route('contacts.fields.destroy', { contactField: field.id }),
    },
    bags: { create: 'createContactField', update: 'updateContactField' },
  });
  const { createForm, editForm, deleteForm, editing, deleting } = list;
  const full = fields.length >= limits.perTeam;

  return (
    <>
      <Head title="Contact fields" />
      <PageHeader title="Contact fields">
        <Link href={route('contacts.index')} className="text-sm text-gray-600 underline hover:text-gray-900">
          Contacts
        </Link>
      </PageHeader>
      <div className="mx-auto max-w-7xl py-10 sm:px-6 lg:px-8">
        <ManagedSections
          add={{
            title: 'New field',
            description:
              'What your team keeps about a customer beyond their name, phone and e-mail: their city, member tier, birthday. Fill it in on a contact’s card, import it with a column of the same name, and write it into saved replies and broadcasts.',
            onSubmit: list.create,
            saved: createForm.recentlySuccessful,
            processing: createForm.processing,
            full,
            fullMessage: `Your team keeps ${limits.perTeam} contact fields, as many as it can. Delete one you no longer use to add another.`,
            fields: <FieldInputs form={createForm} idPrefix="new-field" types={types} limits={limits} />,
          }}
          list={{
            title: "Your team's fields",
            description: `${plural(fields.length, 'field')} of ${limits.perTeam}, in the order they were added, as the contact card lists them.`,
            label: 'Contact fields',
            emptyTitle: 'No fields yet',
            emptyText: 'Add the few things your team asks every customer; you can rename them at any time.',
            items: fields.map((field) => (
              <ManagedRow
                key={field.id}
                actions={
                  <RowActions
                    name={field.label}
                    onEdit={() => list.startEditing(field)}
                    onDelete={() => list.startDeleting(field)}
                  />
                }
              >
                <div className="flex flex-wrap items-baseline gap-x-3 gap-y-1">
                  <span className="text-sm font-medium text-gray-900">{field.label}</span>
                  <span className="text-xs text-gray-500">{contactFieldTypeLabels[field.type]}</span>
                  <code className="text-xs text-gray-500">{`{{contact.${field.key}}}`}</code>
                  <span className="text-xs text-gray-500">{plural(field.contacts, 'contact')} with a value</span>
                  {field.bot_readable && (
                    <span className="rounded-full bg-indigo-50 px-2 py-0.5 text-xs font-medium text-indigo-700">
                      Bots tell customers
                    </span>
                  )}
                </div>
                {field.type === 'list' && <p className="mt-1 text-sm text-gray-600">{field.options.join(' · ')}</p>}
              </ManagedRow>
            )),
          }}
        />
      </div>

      <EditDialog
        show={editing !== null}
        onClose={list.stopEditing}
        title={editing ? `Edit ${editing.label}` : 'Edit field'}
        onSave={list.update}
        processing={editForm.processing}
      >
        <FieldInputs form={editForm} idPrefix="edit-field" types={types} limits={limits} fixedType={editing?.type} />
      </EditDialog>

      <DeleteConfirmation
        show={deleting !== null}
        onClose={list.stopDeleting}
        title="Delete field"
        onDelete={list.destroy}
        processing={deleteForm.processing}
      >
        Delete {deleting?.label}?{' '}
        {deleting && deleting.contacts > 0
          ? `Its value is erased from ${plural(deleting.contacts, 'contact')}. Saved replies and scheduled broadcasts that name {{contact.${deleting.key}}} can no longer fill it in.`
          : 'No contact has a value for it.'}
      </DeleteConfirmation>
    </>
  );
}
