import type { CountryItem } from '@causeway/contracts';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { FloatingLabelInput, GradientButton } from '@/ui';
import type { KycAddress } from '../api/verification-api';
import { isValidTextField } from '../text-rules';

const POSTAL_CODE = /^[A-Za-z0-9 -]{2,16}$/;

export interface KycAddressFormProps {
  countries: CountryItem[];
  /** The country of residence from verification: the address must be there. */
  residentCountry: string | null;
  error?: string | undefined;
  onSubmit: (address: KycAddress) => Promise<void>;
}

/** The kycAddress step: the residential address, validated as the server validates it. */
export function KycAddressForm({ countries, residentCountry, error, onSubmit }: KycAddressFormProps) {
  const { t, i18n } = useTranslation();
  const [address, setAddress] = useState<KycAddress>({ addressLine: '', city: '', postalCode: '', country: residentCountry ?? '' });
  const [busy, setBusy] = useState(false);
  const set = (field: keyof KycAddress) => (value: string) => setAddress((current) => ({ ...current, [field]: value }));
  const textOk = isValidTextField;
  const valid = textOk(address.addressLine) && textOk(address.city) && POSTAL_CODE.test(address.postalCode.trim()) && /^[A-Z]{2}$/.test(address.country);
  const validateText = (value: string) => (textOk(value) ? undefined : t('verification.address.invalid'));

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!valid || busy) return;
    setBusy(true);
    await onSubmit({ addressLine: address.addressLine.trim(), city: address.city.trim(), postalCode: address.postalCode.trim(), country: address.country });
    setBusy(false);
  };
  const nameOf = (country: CountryItem) => (i18n.language === 'zh' ? country.chineseName : country.englishName);

  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-3">
      <h2 className="text-lg font-semibold text-fg">{t('verification.address.title')}</h2>
      <p className="text-sm text-muted">{t('verification.address.intro')}</p>
      <FloatingLabelInput label={t('verification.address.line')} name="addressLine" autoComplete="street-address" value={address.addressLine} onValueChange={set('addressLine')} validate={validateText} />
      <FloatingLabelInput label={t('verification.address.city')} name="city" autoComplete="address-level2" value={address.city} onValueChange={set('city')} validate={validateText} />
      <FloatingLabelInput label={t('verification.address.postalCode')} name="postalCode" autoComplete="postal-code" value={address.postalCode} onValueChange={set('postalCode')} />
      <label className="flex flex-col gap-1 text-sm text-muted">
        {t('verification.address.country')}
        <select
          name="country"
          autoComplete="country"
          value={address.country}
          onChange={(event) => set('country')(event.target.value)}
          className="h-12 rounded-xl border border-line bg-surface px-3 text-base text-fg"
        >
          <option value="" />
          {countries.map((country) => <option key={country.towCharCode} value={country.towCharCode}>{`${country.flag} ${nameOf(country)}`}</option>)}
        </select>
      </label>
      {error ? <p role="alert" className="text-sm text-danger">{error}</p> : null}
      <GradientButton type="submit" fullWidth loading={busy} variant={valid ? 'primary' : 'inactive'}>{t('verification.address.save')}</GradientButton>
    </form>
  );
}
