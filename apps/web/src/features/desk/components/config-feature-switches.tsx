import { CALL_ROUTES, CLIENT_TYPES, type DeskFeatureSwitchKey, FEATURE_LABELS } from '@causeway/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useEffect, useId, useState } from 'react';
import { useApiMutation } from '@/lib/use-api-mutation';
import { CONFIG_KEYS, useFeatureSwitches } from '../api/config-api';
import { useDeskCall } from '../api/desk-api';
import { useTranslation } from '../texts';
import { ChangeStatus, LastChange, OnOffSwitch, selectClass } from './config-parts';
import { cardClass, dangerButtonClass, itemClass, smallButtonClass, titleClass } from './desk-classes';
import { QueryBody } from './screen-parts';

type SwitchKey = DeskFeatureSwitchKey;
type SwitchChange = { kind: 'set'; key: SwitchKey; enable: boolean } | { kind: 'remove'; key: SwitchKey };

/** What feature-switch/query accepts as an entry (the server holds the same rule). */
const ENTRY = /^[\w-]{1,64}$/;
const MAX_VERSION = 1_000_000;

const keyText = (key: SwitchKey) => `${key.clientType} · ${key.entry} · ${key.label} · ${key.minVersion}`;

/**
 * The feature switches the entry pages read (docs/rules/entities.md "Reference data"): for a client, the switch
 * with the highest minVersion at or below its version decides; no switch is off. Turn one, remove one, or set one
 * for a new key. The server audits each change.
 */
export function FeatureSwitchesSection({ lng }: { lng: string }) {
  const { t } = useTranslation();
  const call = useDeskCall();
  const queries = useQueryClient();
  const switches = useFeatureSwitches();
  const headingId = useId();
  const [said, setSaid] = useState<string>();

  const change = useApiMutation({
    mutationFn: (input: SwitchChange) =>
      input.kind === 'set'
        ? call(CALL_ROUTES.deskSetFeatureSwitch, { ...input.key, enable: input.enable })
        : call(CALL_ROUTES.deskRemoveFeatureSwitch, input.key),
    onMutate: () => setSaid(undefined),
    // A refused change may mean the page is behind (a setting removed meanwhile): read the list again.
    onError: () => void queries.invalidateQueries({ queryKey: CONFIG_KEYS.featureSwitches }),
    onSuccess: (_answer, input) => {
      const name = keyText(input.key);
      setSaid(
        input.kind === 'remove'
          ? t('desk.config.switches.removed', { name })
          : t('desk.config.switches.changed', { name, state: input.enable ? t('desk.config.on') : t('desk.config.off') }),
      );
      void queries.invalidateQueries({ queryKey: CONFIG_KEYS.featureSwitches });
    },
  });

  return (
    <section aria-labelledby={headingId} className={cardClass}>
      <h2 id={headingId} className={titleClass}>
        {t('desk.config.switches.title')}
      </h2>
      <p className="text-sm text-muted">{t('desk.config.switches.intro')}</p>
      <ChangeStatus said={said} error={change.isError ? change.error : null} />
      <QueryBody query={switches}>
        {(answer) =>
          answer.switches.length === 0 ? (
            <p className="text-sm text-muted">{t('desk.config.switches.none')}</p>
          ) : (
            <ul className="flex flex-col gap-3">
              {answer.switches.map((entry) => {
                // A listed switch is one the server's checks let in: its key is sent back as it came.
                const key = {
                  clientType: entry.clientType,
                  entry: entry.entry,
                  label: entry.label,
                  minVersion: entry.minVersion,
                } as SwitchKey;
                const name = keyText(key);
                return (
                  <li key={name} className={itemClass}>
                    <div className="flex flex-wrap items-center justify-between gap-x-4 gap-y-1">
                      <p className="min-w-0 text-sm break-all text-fg">
                        {t('desk.config.switches.describe', { ...key, minVersion: String(key.minVersion) })}
                      </p>
                      <OnOffSwitch
                        on={entry.enable}
                        label={t('desk.config.switches.switchOf', { name })}
                        disabled={change.isPending}
                        onToggle={(enable) => change.mutate({ kind: 'set', key, enable })}
                      />
                    </div>
                    <div className="flex flex-wrap items-center justify-between gap-2">
                      <LastChange updatedBy={entry.updatedBy} updatedAt={entry.updatedAt} lng={lng} />
                      <button
                        type="button"
                        className={dangerButtonClass}
                        disabled={change.isPending}
                        aria-label={t('desk.config.switches.removeOf', { name })}
                        onClick={() => change.mutate({ kind: 'remove', key })}
                      >
                        {t('desk.config.switches.remove')}
                      </button>
                    </div>
                  </li>
                );
              })}
            </ul>
          )
        }
      </QueryBody>
      <SetSwitchForm busy={change.isPending} onSet={(key, enable) => change.mutate({ kind: 'set', key, enable })} />
    </section>
  );
}

/** A switch for any key: a new one is made, an existing one turned. Checked here first, as the server checks it. */
function SetSwitchForm({ busy, onSet }: { busy: boolean; onSet: (key: SwitchKey, enable: boolean) => void }) {
  const { t } = useTranslation();
  const ids = { title: useId(), clientType: useId(), label: useId(), entry: useId(), version: useId(), enable: useId() };
  const [clientType, setClientType] = useState<SwitchKey['clientType']>('Web');
  const [label, setLabel] = useState<SwitchKey['label']>('buy');
  const [entry, setEntry] = useState('');
  const [minVersion, setMinVersion] = useState('0');
  const [enable, setEnable] = useState(true);
  const [tried, setTried] = useState(false);
  // Counts refused sends: after each, the first field in error takes the focus (its error is read with it).
  const [refusals, setRefusals] = useState(0);

  const entryError = ENTRY.test(entry.trim()) ? undefined : t('desk.config.switches.entryInvalid');
  const version = /^\d{1,7}$/.test(minVersion.trim()) ? Number(minVersion.trim()) : Number.NaN;
  const versionError = Number.isInteger(version) && version <= MAX_VERSION ? undefined : t('desk.config.switches.versionInvalid');

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setTried(true);
    if (entryError || versionError) {
      setRefusals((count) => count + 1);
      return;
    }
    onSet({ clientType, entry: entry.trim(), label, minVersion: version }, enable);
  };

  useEffect(() => {
    if (refusals > 0) document.getElementById(entryError ? ids.entry : ids.version)?.focus();
    // Only a new refusal moves the focus, not typing.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [refusals]);

  return (
    <form noValidate onSubmit={submit} aria-labelledby={ids.title} className={`${itemClass} gap-3`}>
      <h3 id={ids.title} className="text-sm font-semibold text-fg">
        {t('desk.config.switches.setTitle')}
      </h3>
      <div className="grid grid-cols-1 gap-3 sm:grid-cols-2">
        <div className="flex min-w-0 flex-col gap-1">
          <label htmlFor={ids.clientType} className="text-sm font-medium text-fg">
            {t('desk.config.switches.clientType')}
          </label>
          <select
            id={ids.clientType}
            className={selectClass}
            value={clientType}
            onChange={(event) => setClientType(event.target.value as SwitchKey['clientType'])}
          >
            {CLIENT_TYPES.map((type) => (
              <option key={type} value={type}>
                {type}
              </option>
            ))}
          </select>
        </div>
        <div className="flex min-w-0 flex-col gap-1">
          <label htmlFor={ids.label} className="text-sm font-medium text-fg">
            {t('desk.config.switches.label')}
          </label>
          <select
            id={ids.label}
            className={selectClass}
            value={label}
            onChange={(event) => setLabel(event.target.value as SwitchKey['label'])}
          >
            {FEATURE_LABELS.map((name) => (
              <option key={name} value={name}>
                {name}
              </option>
            ))}
          </select>
        </div>
        <TextField
          id={ids.entry}
          label={t('desk.config.switches.entry')}
          value={entry}
          onChange={setEntry}
          error={tried ? entryError : undefined}
        />
        <TextField
          id={ids.version}
          label={t('desk.config.switches.minVersion')}
          value={minVersion}
          onChange={setMinVersion}
          error={tried ? versionError : undefined}
          inputMode="numeric"
        />
      </div>
      <div className="flex items-center gap-2">
        <input
          id={ids.enable}
          type="checkbox"
          className="size-5 accent-primary"
          checked={enable}
          onChange={(event) => setEnable(event.target.checked)}
        />
        <label htmlFor={ids.enable} className="text-sm text-fg">
          {t('desk.config.switches.enable')}
        </label>
      </div>
      <button type="submit" className={`${smallButtonClass} self-start`} disabled={busy}>
        {t('desk.config.switches.set')}
      </button>
    </form>
  );
}

/** A labelled text field whose error, once the form was sent, is tied to it (aria-invalid, aria-describedby). */
function TextField({
  id,
  label,
  value,
  onChange,
  error,
  inputMode,
}: {
  id: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  error: string | undefined;
  inputMode?: 'numeric';
}) {
  const errorId = `${id}-error`;
  return (
    <div className="flex min-w-0 flex-col gap-1">
      <label htmlFor={id} className="text-sm font-medium text-fg">
        {label}
      </label>
      <input
        id={id}
        type="text"
        className={`${selectClass} ${error ? 'border-danger' : ''}`}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        autoComplete="off"
        spellCheck={false}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
        {...(inputMode ? { inputMode } : {})}
      />
      <p id={errorId} className="text-xs text-danger empty:hidden">
        {error ?? ''}
      </p>
    </div>
  );
}
