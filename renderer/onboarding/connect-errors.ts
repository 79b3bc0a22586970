import { ipcMethods } from '../../shared/ipc/contract.js';
import type { AppError } from '../ipc/ipc.js';

/** Where a failed connection's sentence belongs: next to the field the user has to change. */
export type ConnectField = 'baseUrl' | 'apiKey' | 'brandId' | 'form';

/** Reads which field a connection error is about from its code, status or issue path. */
export function connectErrorField(error: AppError): ConnectField {
  const { shape } = error;
  switch (shape.code) {
    case 'INVALID_ARGUMENT': {
      const paths = (shape.issues ?? []).map((issue) => issue.path);
      if (paths.some((p) => p.includes('apiKey')) || shape.message.includes('apiKey')) return 'apiKey';
      if (paths.some((p) => p.includes('brandId')) || shape.message.includes('brandId')) return 'brandId';
      // Beyond the contract's lengths, the address is the only thing main judges before calling.
      return 'baseUrl';
    }
    case 'OFFLINE':
      // Nothing answered at that address: the address is what to check first.
      return 'baseUrl';
    case 'API':
      if (shape.apiCode === 'BRAND_ID_REQUIRED' || shape.apiCode === 'BRAND_NOT_ALLOWED') return 'brandId';
      if (shape.status === 401 || shape.status === 403) return 'apiKey';
      // Something answered, but not a Social Publishing service at that path.
      if (shape.status === undefined || shape.status === 404 || shape.status === 405) return 'baseUrl';
      return 'form';
    default:
      return 'form';
  }
}

/**
 * The sentence for a failed connection. While connecting, "not found" means the address is wrong
 * (not that a post was deleted) and nothing is waiting in an outbox yet, so those two get their
 * own sentences; everything else is main's, as it is.
 */
export function connectErrorMessage(error: AppError): string {
  const { shape } = error;
  if (shape.code === 'OFFLINE') {
    return 'Could not reach the service at this address: check the base URL and your internet connection, then try again.';
  }
  if (shape.code === 'API' && (shape.status === 404 || shape.status === 405)) {
    return 'No Social Publishing API answers at this address: check the base URL in your dashboard (it usually ends in /v1).';
  }
  return error.message;
}

/** Checks what the renderer can know alone; everything else is main's to judge. */
export function checkConnectInput(baseUrl: string, apiKey: string): { baseUrl?: string; apiKey?: string } {
  const errors: { baseUrl?: string; apiKey?: string } = {};
  if (!baseUrl) {
    errors.baseUrl =
      'Enter the address of your Social Publishing service, for example https://api.example.com/v1.';
  } else if (!isWebAddress(baseUrl)) {
    errors.baseUrl =
      'That is not a web address. Enter it in full, starting with https://, for example https://api.example.com/v1.';
  }
  if (!apiKey) {
    errors.apiKey =
      "Paste your API key. You create one in the service's dashboard, under Settings › API Keys.";
  } else if (!ipcMethods.connectProfile.input.shape.apiKey.safeParse(apiKey).success) {
    errors.apiKey = 'That is not a whole API key: copy it again from the dashboard (Settings › API Keys).';
  }
  return errors;
}

function isWebAddress(text: string): boolean {
  try {
    const url = new URL(text);
    return url.protocol === 'https:' || url.protocol === 'http:';
  } catch {
    return false;
  }
}
