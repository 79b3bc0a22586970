import type { AppError } from '../lib/ipc.js';

/** Where a failed connection's sentence belongs: next to the field the user has to change. */
export type ConnectField = 'baseUrl' | 'apiKey' | 'form';

/** Reads which field a connection error is about from its code, status or issue path. */
export function connectErrorField(error: AppError): ConnectField {
  const { shape } = error;
  switch (shape.code) {
    case 'INVALID_ARGUMENT': {
      const paths = (shape.issues ?? []).map((issue) => issue.path);
      if (paths.some((p) => p.includes('baseUrl'))) return 'baseUrl';
      if (paths.some((p) => p.includes('apiKey'))) return 'apiKey';
      return 'form';
    }
    case 'OFFLINE':
      // Nothing answered at that address: the address is what to check first.
      return 'baseUrl';
    case 'API':
      if (shape.status === 401 || shape.status === 403) return 'apiKey';
      // Something answered, but not a Social Publishing service at that path.
      if (shape.status === undefined || shape.status === 404 || shape.status === 405) return 'baseUrl';
      return 'form';
    default:
      return 'form';
  }
}

/** Checks what the renderer can know alone; everything else is main's to judge. */
export function checkConnectInput(baseUrl: string, apiKey: string): { baseUrl?: string; apiKey?: string } {
  const errors: { baseUrl?: string; apiKey?: string } = {};
  if (!baseUrl) {
    errors.baseUrl = 'Enter the address of your Social Publishing service, for example https://api.example.com/v1.';
  } else if (!isWebAddress(baseUrl)) {
    errors.baseUrl = 'That is not a web address. Enter it in full, starting with https://, for example https://api.example.com/v1.';
  }
  if (!apiKey) {
    errors.apiKey = "Paste your API key. You create one in the service's dashboard, under Settings › API Keys.";
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
