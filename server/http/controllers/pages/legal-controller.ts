import type { Request, Response } from 'express';
import { legalDocument, type LegalDocumentName } from '../../../support/legal-documents';

const components: Record<LegalDocumentName, string> = {
  privacy: 'Legal/Privacy',
  'privacy-policy': 'Legal/PrivacyPolicy',
  terms: 'Legal/Terms',
  'terms-of-service': 'Legal/TermsOfService',
};

/** One handler per document, each rendering the markdown kept in resources/markdown/legal. */
export function show(name: LegalDocumentName) {
  return async (req: Request, _res: Response) => {
    const document = await legalDocument(name, { cache: !req.services.config.isDevelopment });
    await req.inertia.render(components[name], { document });
  };
}
