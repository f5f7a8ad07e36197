import type { SchemaField } from '../../../../../server/presenters/api-reference-presenter';

/** The fields of a body, an answer or a path as a table: name, type, whether required, rules. */
export default function SchemaFields({ fields, caption }: { fields: SchemaField[]; caption: string }) {
  if (fields.length === 0) return null;
  return (
    <div className="overflow-x-auto rounded-md border border-gray-200">
      <table className="min-w-full divide-y divide-gray-200 text-left text-sm">
        <caption className="sr-only">{caption}</caption>
        <thead className="bg-gray-50 text-xs tracking-wider text-gray-500 uppercase">
          <tr>
            <th scope="col" className="px-3 py-2 font-medium">
              Field
            </th>
            <th scope="col" className="px-3 py-2 font-medium">
              Type
            </th>
            <th scope="col" className="px-3 py-2 font-medium">
              Description
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-gray-100">
          {fields.map((field) => (
            <tr key={field.name} className="align-top">
              <td className="px-3 py-2 font-mono text-xs whitespace-nowrap text-gray-900">
                {field.name}
                {field.required ? (
                  <span className="ms-1 text-red-600" title="required" aria-label="required">
                    *
                  </span>
                ) : (
                  <span className="ms-1 font-sans text-gray-400">optional</span>
                )}
              </td>
              <td className="px-3 py-2 font-mono text-xs whitespace-nowrap text-indigo-700">{field.type}</td>
              <td className="px-3 py-2 text-gray-600">
                {field.description}
                {field.rules.length > 0 && (
                  <span className="block text-xs break-words text-gray-400">{field.rules.join(' · ')}</span>
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
