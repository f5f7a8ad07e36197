import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { randomBytes } from 'node:crypto';

/**
 * A local Xendit Invoice API (node:http on 127.0.0.1, a free port): `POST /v2/invoices` with HTTP
 * Basic auth (the secret key as the user, no password) and a JSON body, answering the invoice
 * (id, invoice_url, status PENDING…) or Xendit's errors (`{ error_code, message }`: 401
 * INVALID_API_KEY, 400 API_VALIDATION_ERROR, 400 DUPLICATE_ERROR for an external_id seen before).
 * Point XENDIT_API_BASE at `url`. `callbackBody()` builds the invoice callback Xendit POSTs when
 * the invoice is paid, settled or expires.
 */

export interface XenditRequest {
  method: string;
  path: string;
  headers: IncomingHttpHeaders;
  body: Record<string, unknown>;
}

export interface FakeXenditInvoice {
  id: string;
  external_id: string;
  amount: number;
  currency: string;
  payer_email?: string;
  description?: string;
  invoice_url: string;
  status: 'PENDING' | 'PAID' | 'SETTLED' | 'EXPIRED';
}

export interface FakeXendit {
  url: string;
  secret: string;
  requests: XenditRequest[];
  invoices: Map<string, FakeXenditInvoice>;
  /** The next request answers this once (a delay longer than the client's timeout tests it). */
  failNext(failure: { status: number; errorCode: string; message: string; delayMs?: number }): void;
  /** The JSON Xendit POSTs to the callback URL for the invoice in `status`. */
  callbackBody(
    invoiceId: string,
    status: 'PAID' | 'SETTLED' | 'EXPIRED',
    overrides?: Partial<Record<'paid_amount' | 'currency' | 'paid_at' | 'external_id' | 'id', unknown>>,
  ): string;
  close(): Promise<void>;
}

export async function startFakeXendit(options: { secret?: string } = {}): Promise<FakeXendit> {
  const secret = options.secret ?? 'xnd_development_fake';
  const requests: XenditRequest[] = [];
  const invoices = new Map<string, FakeXenditInvoice>();
  const failures: { status: number; errorCode: string; message: string; delayMs?: number }[] = [];
  const timers = new Set<ReturnType<typeof setTimeout>>();
  const expectedAuth = `Basic ${Buffer.from(`${secret}:`).toString('base64')}`;

  function createInvoice(body: Record<string, unknown>): [number, unknown] {
    const invalid = (message: string): [number, unknown] => [400, { error_code: 'API_VALIDATION_ERROR', message }];
    if (typeof body.external_id !== 'string' || body.external_id === '') return invalid('"external_id" is required');
    if (typeof body.amount !== 'number' || body.amount < 1)
      return invalid('"amount" must be larger than or equal to 1');
    if ([...invoices.values()].some((invoice) => invoice.external_id === body.external_id)) {
      return [400, { error_code: 'DUPLICATE_ERROR', message: 'Invoice with this external_id already exists' }];
    }
    const id = randomBytes(12).toString('hex');
    const invoice: FakeXenditInvoice = {
      id,
      external_id: body.external_id,
      amount: body.amount,
      currency: typeof body.currency === 'string' ? body.currency : 'IDR',
      payer_email: body.payer_email as string | undefined,
      description: body.description as string | undefined,
      invoice_url: `https://checkout-staging.xendit.co/web/${id}`,
      status: 'PENDING',
    };
    invoices.set(id, invoice);
    const expiry = new Date(Date.now() + Number(body.invoice_duration ?? 86_400) * 1000).toISOString();
    return [
      200,
      {
        ...invoice,
        user_id: 'fake-user',
        merchant_name: 'Kawan',
        expiry_date: expiry,
        created: new Date().toISOString(),
      },
    ];
  }

  const server: Server = createServer((req, res) => {
    const parts: Buffer[] = [];
    req.on('data', (chunk: Buffer) => parts.push(chunk));
    req.on('end', () => {
      const send = (status: number, payload: unknown) => {
        res.writeHead(status, { 'Content-Type': 'application/json' });
        res.end(JSON.stringify(payload));
      };
      let body: Record<string, unknown>;
      try {
        body = parts.length ? (JSON.parse(Buffer.concat(parts).toString('utf8')) as Record<string, unknown>) : {};
      } catch {
        return send(400, { error_code: 'API_VALIDATION_ERROR', message: 'Invalid JSON' });
      }
      const path = new URL(req.url ?? '/', 'http://fake').pathname;
      requests.push({ method: req.method ?? 'GET', path, headers: req.headers, body });
      if (req.headers.authorization !== expectedAuth) {
        return send(401, { error_code: 'INVALID_API_KEY', message: 'API key is incorrect' });
      }
      const failure = failures.shift();
      if (failure) {
        const timer = setTimeout(() => {
          timers.delete(timer);
          if (!res.destroyed) send(failure.status, { error_code: failure.errorCode, message: failure.message });
        }, failure.delayMs ?? 0);
        timers.add(timer);
        return;
      }
      if (req.method === 'POST' && path === '/v2/invoices') {
        const [status, payload] = createInvoice(body);
        return send(status, payload);
      }
      send(404, { error_code: 'NOT_FOUND', message: 'Not found' });
    });
  });

  function callbackBody(
    invoiceId: string,
    status: 'PAID' | 'SETTLED' | 'EXPIRED',
    overrides: Record<string, unknown> = {},
  ): string {
    const invoice = invoices.get(invoiceId);
    if (!invoice) throw new Error(`fake Xendit has no invoice ${invoiceId}`);
    invoice.status = status;
    const paid = status !== 'EXPIRED';
    return JSON.stringify({
      id: invoice.id,
      external_id: invoice.external_id,
      user_id: 'fake-user',
      is_high: false,
      status,
      merchant_name: 'Kawan',
      amount: invoice.amount,
      payer_email: invoice.payer_email,
      description: invoice.description,
      currency: invoice.currency,
      created: new Date().toISOString(),
      updated: new Date().toISOString(),
      ...(paid
        ? {
            paid_amount: invoice.amount,
            paid_at: new Date().toISOString(),
            payment_method: 'BANK_TRANSFER',
            bank_code: 'BCA',
            payment_channel: 'BCA',
            payment_destination: '8808999912345678',
          }
        : {}),
      ...overrides,
    });
  }

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    secret,
    requests,
    invoices,
    failNext: (failure) => void failures.push(failure),
    callbackBody,
    close: async () => {
      for (const timer of timers) clearTimeout(timer);
      server.closeAllConnections();
      await new Promise<void>((resolve, reject) => server.close((error) => (error ? reject(error) : resolve())));
    },
  };
}
