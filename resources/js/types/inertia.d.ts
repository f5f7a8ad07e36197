import type { SharedProps } from '../../../server/http/shared-props';
import type { ContactImportReport } from '../../../server/domain/contacts/import';

declare module '@inertiajs/core' {
  export interface InertiaConfig {
    sharedPageProps: SharedProps;
    flashDataType: {
      banner?: string;
      bannerStyle?: 'success' | 'danger';
      status?: string;
      token?: string;
      /** What a contacts import did (contacts.import). */
      contactImport?: ContactImportReport;
    };
  }
}

export {};
