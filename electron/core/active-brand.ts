/** The profile and brand a call acts on: every stored post, draft and outbox operation carries both. */
export interface ActiveBrand {
  profileId: string;
  brandId: string;
}
