import { type CountryItem, isCountryCode, isValidPostalCode, isValidTextField } from '@causeway/contracts';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { CountrySelect, FloatingLabelInput, GradientButton } from '@/ui';
import type { KycAddress } from '../api/verification-api';

export interface KycAddressFormProps {
  countries: CountryItem[];
  /** The country of residence from verification: the address must be there. */
  residentCountry: string | null;
  error?: string | undefined;
  onSubmit: (address: KycAddress) => Promise<void>;
}

/** The kycAddress step: the residential address, validated by the rules the server applies (shared through the contracts). */
export function KycAddressForm({ countries, residentCountry, error, onSubmit }: KycAddressFormProps) {
  const { t } = useTranslation();
  const [address, setAddress] = useState<KycAddress>({ addressLine: '', city: '', postalCode: '', country: residentCountry ?? '' });
  const [busy, setBusy] = useState(false);
  const set = (field: keyof KycAddress) => (value: string) => setAddress((current) => ({ ...current, [field]: value }));
  const valid =
    isValidTextField(address.addressLine) &&
    isValidTextField(address.city) &&
    isValidPostalCode(address.postalCode) &&
    isCountryCode(address.country);
  const validateText = (value: string) => (isValidTextField(value) ? undefined : t('verification.address.invalid'));
  const validatePostalCode = (value: string) => (isValidPostalCode(value) ? undefined : t('verification.address.postalCodeInvalid'));

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!valid || busy) return;
    setBusy(true);
    await onSubmit({
      addressLine: address.addressLine.trim(),
      city: address.city.trim(),
      postalCode: address.postalCode.trim(),
      country: address.country,
    });
    setBusy(false);
  };

  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-3">
      <h2 className="text-lg font-semibold text-fg">{t('verification.address.title')}</h2>
      <p className="text-sm text-muted">{t('verification.address.intro')}</p>
      <FloatingLabelInput
        label={t('verification.address.line')}
        name="addressLine"
        autoComplete="street-address"
        value={address.addressLine}
        onValueChange={set('addressLine')}
        validate={validateText}
      />
      <FloatingLabelInput
        label={t('verification.address.city')}
        name="city"
        autoComplete="address-level2"
        value={address.city}
        onValueChange={set('city')}
        validate={validateText}
      />
      <FloatingLabelInput
        label={t('verification.address.postalCode')}
        name="postalCode"
        autoComplete="postal-code"
        value={address.postalCode}
        onValueChange={set('postalCode')}
        validate={validatePostalCode}
      />
      <CountrySelect
        label={t('verification.address.country')}
        name="country"
        autoComplete="country"
        placeholder={t('verification.selectCountry')}
        value={address.country}
        countries={countries}
        onChange={set('country')}
      />
      {error ? (
        <p role="alert" className="text-sm text-danger">
          {error}
        </p>
      ) : null}
      <GradientButton type="submit" fullWidth loading={busy} variant={valid ? 'primary' : 'inactive'}>
        {t('verification.address.save')}
      </GradientButton>
    </form>
  );
}
