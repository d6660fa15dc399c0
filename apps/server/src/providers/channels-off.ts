/**
 * The channels this install does not offer because their provider is switched off: KLARNA with
 * KLARNA_PROVIDER=none. The catalogue hides their pairs and no quote is made for them (modules/reference).
 */
export function channelsOffOf(providers: { klarna: { provider: { readonly kind: string } } }): string[] {
  return providers.klarna.provider.kind === 'none' ? ['KLARNA'] : [];
}
