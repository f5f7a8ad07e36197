import QRCode from 'qrcode';

/**
 * The provisioning URL as an inline SVG: 192 px, white background, foreground rgb(45, 55, 72),
 * no XML declaration, so the page can put it straight into the document (Fortify's
 * twoFactorQrCodeSvg).
 */
export async function qrCodeSvg(url: string): Promise<string> {
  const svg = await QRCode.toString(url, {
    type: 'svg',
    width: 192,
    margin: 0,
    errorCorrectionLevel: 'M',
    color: { dark: '#2d3748', light: '#ffffff' },
  });
  return svg.replace(/^<\?xml[^>]*>\s*/, '').trim();
}
