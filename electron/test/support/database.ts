import type { ProfileInput, ProfilesRepo } from '../../store/profiles-repo.js';

/**
 * A connection row as the repositories' tests need it (their rows belong to a profile): no key,
 * no service behind its address. Only what a test cares about is given.
 */
export function testProfile(id: string, fields: Partial<ProfileInput> = {}): ProfileInput {
  return {
    id,
    label: id,
    baseUrl: 'http://127.0.0.1:9/v1',
    brandId: 'b1',
    organization: null,
    user: null,
    scopes: null,
    keyStorage: 'keychain',
    ...fields,
  };
}

/** Saves `testProfile(id, fields)` through the real repository. */
export function saveTestProfile(
  profiles: ProfilesRepo,
  id: string,
  fields: Partial<ProfileInput> = {},
): void {
  profiles.save(testProfile(id, fields));
}
