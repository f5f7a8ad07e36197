import type { LegalDocument } from '../../../../server/support/legal-documents';
import LegalDocumentView from '@/Components/Legal/LegalDocumentView';

export default function Privacy({ document }: { document: LegalDocument }) {
  return <LegalDocumentView document={document} />;
}
