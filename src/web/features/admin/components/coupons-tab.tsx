import { zodResolver } from '@hookform/resolvers/zod';
import { PROMO_CODE_MAX } from '@shared/contracts/billing';
import { LANGUAGES, type Language } from '@shared/limits';
import { CircleAlert, CircleCheck, CircleX, TicketPercent, Trash2 } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import type { z } from 'zod';
import { Button } from '@web/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@web/components/ui/card';
import { FormAlert, FormField } from '@web/components/ui/form-field';
import { Input } from '@web/components/ui/input';
import { PageSpinner } from '@web/components/ui/spinner';
import { ApiError } from '@web/lib/api-client';
import { errorMessage } from '@web/lib/error-message';
import { translateMessageKey } from '@web/lib/i18n';
import { toLanguage } from '@web/lib/language';
import { couponAddSchema, useAddCoupon } from '../api/add-coupon';
import { useCoupons } from '../api/get-coupons';
import { useRemoveCoupon } from '../api/remove-coupon';
import { useValidateCoupon } from '../api/validate-coupon';
import { SettingsSection } from './settings-section';

/** The promotion ids the payment provider gives are longer than the codes people type. */
const PROMOTION_ID_MAX = 200;

/**
 * Coupons (docs/decisions/0041-coupon-codes.md): per language, the codes people may type on the pricing page, each pointing at the
 * payment provider's promotion. One language at a time: the list, a way to add, and a way to test a code.
 */
export function CouponsTab() {
  const { t, i18n } = useTranslation(['admin', 'common']);
  const id = useId();
  // Until one is chosen, the administrator's own language: that is usually the one they look after.
  const [chosen, setLanguage] = useState<Language | null>(null);
  const language = chosen ?? toLanguage(i18n.resolvedLanguage) ?? 'en';
  // The language as a word in a sentence ("in French", « en français »); the switch names each in its own.
  const languageName = t(`admin:coupons.languageNames.${language}`);

  return (
    <div className="space-y-6" data-testid="admin-coupons">
      <div className="flex flex-wrap items-center gap-3">
        <p id={`${id}-language`} className="text-sm font-medium text-ink">
          {t('admin:coupons.language')}
        </p>
        <div role="group" aria-labelledby={`${id}-language`} className="inline-flex rounded-md border border-line bg-surface p-0.5">
          {LANGUAGES.map((value) => (
            <button
              key={value}
              type="button"
              lang={value}
              aria-pressed={value === language}
              onClick={() => setLanguage(value)}
              className="h-10 cursor-pointer rounded-sm px-3 text-sm font-medium text-ink-muted transition-colors hover:text-ink aria-pressed:bg-ink aria-pressed:text-paper"
            >
              {t(`common:language.names.${value}`, { lng: value })}
            </button>
          ))}
        </div>
      </div>

      <CouponList language={language} languageName={languageName} />
      <div className="grid gap-6 lg:grid-cols-2">
        <AddCouponForm language={language} languageName={languageName} />
        <TestCouponForm language={language} languageName={languageName} />
      </div>
    </div>
  );
}

interface LanguageProps {
  language: Language;
  languageName: string;
}

function CouponList({ language, languageName }: LanguageProps) {
  const { t } = useTranslation('admin');
  const id = useId();
  const coupons = useCoupons(language);
  const titleRef = useRef<HTMLHeadingElement>(null);
  const entries = coupons.data ? Object.entries(coupons.data.coupons).sort(([a], [b]) => a.localeCompare(b)) : undefined;

  let body;
  if (coupons.isPending) {
    body = <PageSpinner label={t('coupons.loading')} className="min-h-32" />;
  } else if (!entries) {
    body = (
      <div role="alert" className="flex flex-col items-start gap-3">
        <p className="flex items-center gap-2 font-medium text-ink">
          <CircleAlert aria-hidden="true" className="size-5 text-danger" />
          {t('coupons.loadFailed')}
        </p>
        <Button variant="secondary" pending={coupons.isFetching} onClick={() => void coupons.refetch()}>
          {t('settings.retry')}
        </Button>
      </div>
    );
  } else if (entries.length === 0) {
    body = (
      <div className="flex flex-col items-center gap-3 py-6 text-center">
        <span className="inline-flex size-12 items-center justify-center rounded-full bg-sand text-ink-muted">
          <TicketPercent aria-hidden="true" className="size-6" />
        </span>
        <p className="max-w-md leading-relaxed text-ink-muted">{t('coupons.empty', { language: languageName })}</p>
      </div>
    );
  } else {
    body = (
      <ul aria-label={t('coupons.listLabel', { language: languageName })} className="divide-y divide-line rounded-md border border-line">
        {entries.map(([code, promotionId]) => (
          // The focus goes to the card's title once a row is gone, so the keyboard is never lost.
          <CouponRow key={code} language={language} code={code} promotionId={promotionId} onRemoved={() => titleRef.current?.focus()} />
        ))}
      </ul>
    );
  }

  return (
    <Card role="region" aria-labelledby={`${id}-title`} data-testid="admin-coupon-list">
      <CardHeader>
        <CardTitle id={`${id}-title`} ref={titleRef} tabIndex={-1} className="focus-visible:outline-offset-4">
          {t('coupons.title')}
        </CardTitle>
        <CardDescription>{t('coupons.description')}</CardDescription>
      </CardHeader>
      <CardContent className="space-y-3">
        {/* Announced when the language changes how many codes there are. */}
        <p role="status" className="min-h-6 text-sm font-medium text-ink-muted">
          {entries ? t('coupons.count', { count: entries.length, language: languageName }) : null}
        </p>
        {body}
      </CardContent>
    </Card>
  );
}

interface CouponRowProps {
  language: Language;
  code: string;
  promotionId: string;
  onRemoved: () => void;
}

/** One code and its promotion; Remove asks once more, right here, before anything is deleted. */
function CouponRow({ language, code, promotionId, onRemoved }: CouponRowProps) {
  const { t } = useTranslation(['admin', 'errors']);
  const id = useId();
  const [confirming, setConfirming] = useState(false);
  const removeButton = useRef<HTMLButtonElement>(null);
  const confirmButton = useRef<HTMLButtonElement>(null);
  const remove = useRemoveCoupon();

  useEffect(() => {
    if (confirming) confirmButton.current?.focus();
  }, [confirming]);

  const keep = () => {
    setConfirming(false);
    requestAnimationFrame(() => removeButton.current?.focus());
  };
  const onRemove = async () => {
    // Awaited rather than passed as callbacks: the row is gone from the list as soon as the server answers,
    // and a per-call callback of an unmounted row would never run.
    try {
      await remove.mutateAsync({ language, code });
    } catch (error) {
      setConfirming(false);
      toast.error(t('admin:coupons.removeFailed'), { id: `coupon-${language}-${code}`, description: errorMessage(t, error) });
      return;
    }
    toast.success(t('admin:coupons.removed'), { id: `coupon-${language}-${code}` });
    onRemoved();
  };

  return (
    <li data-testid="admin-coupon" data-code={code} className="flex flex-wrap items-center justify-between gap-x-4 gap-y-3 px-4 py-3">
      <div className="min-w-0 space-y-0.5">
        <p className="font-mono text-[0.95rem] font-semibold break-all text-ink">{code}</p>
        <p className="text-sm break-all text-ink-muted">
          <span className="sr-only">{t('admin:coupons.promotionIdLabel')} </span>
          <span aria-hidden="true">→ </span>
          <span className="font-mono">{promotionId}</span>
        </p>
      </div>
      {confirming ? (
        <div role="group" aria-labelledby={`${id}-confirm`} className="flex flex-wrap items-center gap-2">
          <p id={`${id}-confirm`} className="text-sm font-medium text-ink">
            {t('admin:coupons.confirmRemove', { code })}
          </p>
          <Button ref={confirmButton} variant="secondary" size="sm" className="text-danger" pending={remove.isPending} onClick={() => void onRemove()}>
            {t('admin:coupons.confirmYes')}
          </Button>
          <Button variant="ghost" size="sm" disabled={remove.isPending} onClick={keep}>
            {t('admin:coupons.confirmNo')}
          </Button>
        </div>
      ) : (
        <Button ref={removeButton} variant="ghost" size="sm" aria-label={t('admin:coupons.removeCode', { code })} onClick={() => setConfirming(true)}>
          <Trash2 aria-hidden="true" />
          {t('admin:coupons.remove')}
        </Button>
      )}
    </li>
  );
}

/** The add form checks what the server checks: both boxes filled once trimmed (the language comes from the switch). */
const addFormSchema = couponAddSchema.omit({ language: true });
type AddFormInput = z.input<typeof addFormSchema>;
const FIELDS_REQUIRED = 'validation.couponFieldsRequired';

function AddCouponForm({ language, languageName }: LanguageProps) {
  const { t } = useTranslation(['admin', 'validation', 'errors']);
  const id = useId();
  const add = useAddCoupon();
  const {
    register,
    handleSubmit,
    reset,
    setError,
    setFocus,
    formState: { errors, isSubmitting },
  } = useForm<AddFormInput, unknown, z.output<typeof addFormSchema>>({ resolver: zodResolver(addFormSchema), defaultValues: { code: '', promotionId: '' } });
  const saving = isSubmitting || add.isPending;

  const onSubmit = handleSubmit(async (values) => {
    try {
      await add.mutateAsync({ language, ...values });
      reset();
      toast.success(t('admin:coupons.added'), { id: 'admin-coupon-add' });
      // Ready for the next code, once the form is unlocked (it is disabled while the request runs).
      requestAnimationFrame(() => setFocus('code'));
    } catch (error) {
      const fields = error instanceof ApiError ? error.fields : undefined;
      for (const name of ['code', 'promotionId'] as const) {
        const key = fields?.[name]?.[0];
        if (key) setError(name, { message: key });
      }
      toast.error(t('admin:coupons.addFailed'), { id: 'admin-coupon-add', description: errorMessage(t, error) });
    }
  });

  // One sentence for either box left empty; any other problem sits under its own box.
  const missing = errors.code?.message === FIELDS_REQUIRED || errors.promotionId?.message === FIELDS_REQUIRED;
  const fieldError = (name: 'code' | 'promotionId') => {
    const key = errors[name]?.message;
    return key && key !== FIELDS_REQUIRED ? translateMessageKey(t, key, 'validation:invalid') : undefined;
  };

  return (
    <SettingsSection
      title={t('admin:coupons.addTitle')}
      description={t('admin:coupons.addDescription', { language: languageName })}
      onSubmit={() => void onSubmit()}
      saving={saving}
      dirty
      saveLabel={t('admin:coupons.add')}
      testId="admin-coupon-add"
    >
      <FormAlert id={`${id}-missing`} message={missing ? t('validation:couponFieldsRequired') : undefined} />
      <FormField
        id={`${id}-code`}
        label={t('admin:coupons.code')}
        hint={t('admin:coupons.codeHint')}
        error={fieldError('code')}
        invalid={errors.code?.message === FIELDS_REQUIRED}
        invalidDescribedBy={`${id}-missing`}
      >
        <Input type="text" autoComplete="off" autoCapitalize="characters" spellCheck={false} maxLength={PROMO_CODE_MAX} {...register('code')} />
      </FormField>
      <FormField
        id={`${id}-promotion`}
        label={t('admin:coupons.promotionId')}
        hint={t('admin:coupons.promotionIdHint')}
        error={fieldError('promotionId')}
        invalid={errors.promotionId?.message === FIELDS_REQUIRED}
        invalidDescribedBy={`${id}-missing`}
      >
        <Input type="text" autoComplete="off" spellCheck={false} placeholder="promo_…" maxLength={PROMOTION_ID_MAX} {...register('promotionId')} />
      </FormField>
    </SettingsSection>
  );
}

/** Asks the server exactly what the pricing page would: is this code a key of the language's map? */
function TestCouponForm({ language, languageName }: LanguageProps) {
  const { t } = useTranslation(['admin', 'errors']);
  const id = useId();
  const [code, setCode] = useState('');
  const validate = useValidateCoupon();
  const { reset } = validate;
  const result = validate.data?.valid;
  const blank = code.trim() === '';

  // A result belongs to the code and the language it was given for: changing either clears it.
  useEffect(() => {
    reset();
  }, [language, reset]);

  return (
    <Card role="region" aria-labelledby={`${id}-title`} data-testid="admin-coupon-test">
      <CardHeader>
        <CardTitle id={`${id}-title`}>{t('admin:coupons.testTitle')}</CardTitle>
        <CardDescription>{t('admin:coupons.testDescription', { language: languageName })}</CardDescription>
      </CardHeader>
      <CardContent>
        <form
          noValidate
          aria-labelledby={`${id}-title`}
          className="space-y-4"
          onSubmit={(event) => {
            event.preventDefault();
            if (blank || validate.isPending) return;
            validate.mutate(
              { language, code },
              { onError: (error) => toast.error(t('admin:coupons.testFailed'), { id: 'admin-coupon-test', description: errorMessage(t, error) }) },
            );
          }}
        >
          <div className="flex flex-col gap-3 sm:flex-row sm:items-end">
            <FormField id={`${id}-code`} label={t('admin:coupons.testCode')} className="min-w-0 flex-1">
              <Input
                type="text"
                autoComplete="off"
                autoCapitalize="characters"
                spellCheck={false}
                maxLength={PROMO_CODE_MAX}
                value={code}
                onChange={(event) => {
                  setCode(event.target.value);
                  reset();
                }}
              />
            </FormField>
            <Button type="submit" variant="secondary" disabled={blank} pending={validate.isPending}>
              {t('admin:coupons.test')}
            </Button>
          </div>
          <p role="status" data-testid="admin-coupon-test-result" className="min-h-6 text-sm font-medium">
            {result === true ? (
              <span className="inline-flex items-center gap-2 text-success">
                <CircleCheck aria-hidden="true" className="size-4 shrink-0" />
                {t('admin:coupons.valid')}
              </span>
            ) : result === false ? (
              <span className="inline-flex items-center gap-2 text-danger">
                <CircleX aria-hidden="true" className="size-4 shrink-0" />
                {t('admin:coupons.invalid')}
              </span>
            ) : null}
          </p>
        </form>
      </CardContent>
    </Card>
  );
}
