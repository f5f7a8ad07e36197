import type { SharedProps } from '../../../server/http/shared-props';

declare module '@inertiajs/core' {
  export interface InertiaConfig {
    sharedPageProps: SharedProps;
    flashDataType: {
      banner?: string;
      bannerStyle?: 'success' | 'danger';
      status?: string;
      token?: string;
    };
  }
}

export {};
