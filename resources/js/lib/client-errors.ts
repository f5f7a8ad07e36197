/**
 * A notice for errors that happen outside any page (a page component missing from the build),
 * drawn without React so that it shows even when no page could be rendered.
 */
export function showClientError(title: string, detail: string): void {
  const id = 'kawan-client-error';
  document.getElementById(id)?.remove();
  const notice = document.createElement('div');
  notice.id = id;
  notice.setAttribute('role', 'alert');
  notice.className =
    'fixed inset-x-0 top-4 z-50 mx-auto flex w-full max-w-md items-start gap-3 rounded-lg border border-red-200 bg-white p-4 shadow-lg';
  const text = document.createElement('div');
  text.className = 'flex-1';
  const heading = document.createElement('p');
  heading.className = 'text-sm font-semibold text-red-700';
  heading.textContent = title;
  const body = document.createElement('p');
  body.className = 'mt-1 text-sm text-gray-600';
  body.textContent = detail;
  text.append(heading, body);
  const close = document.createElement('button');
  close.type = 'button';
  close.className = 'text-sm font-medium text-gray-500 hover:text-gray-700';
  close.textContent = 'Dismiss';
  close.addEventListener('click', () => notice.remove());
  notice.append(text, close);
  document.body.append(notice);
}
