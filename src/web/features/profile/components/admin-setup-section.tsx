import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { Button } from '@web/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@web/components/ui/card';
import { FormField } from '@web/components/ui/form-field';
import { Input } from '@web/components/ui/input';
import { errorMessage } from '@web/lib/error-message';
import { useClaimAdmin } from '../api/claim-admin';

/**
 * Shown only to an address listed in ADMIN_EMAILS that is not administrator yet, on an instance without e-mail:
 * the one-time code the server printed in its log makes it administrator.
 */
export function AdminSetupSection() {
  const { t } = useTranslation(['profile', 'errors']);
  const id = useId();
  const claim = useClaimAdmin();
  const [code, setCode] = useState('');
  const [problem, setProblem] = useState<string | undefined>();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!code.trim()) {
      setProblem(t('validation:setupCodeRequired'));
      return;
    }
    setProblem(undefined);
    claim.mutate(
      { code },
      {
        onSuccess: () => toast.success(t('profile:adminSetup.success'), { id: 'admin-setup' }),
        onError: (error) => setProblem(errorMessage(t, error)),
      },
    );
  };

  return (
    <Card role="region" aria-labelledby={`${id}-title`}>
      <CardHeader>
        <CardTitle id={`${id}-title`}>{t('profile:adminSetup.title')}</CardTitle>
        <CardDescription>{t('profile:adminSetup.description')}</CardDescription>
      </CardHeader>
      <CardContent>
        <form className="flex flex-col gap-3 sm:flex-row sm:items-start" onSubmit={submit} noValidate>
          <FormField id={`${id}-code`} label={t('profile:adminSetup.label')} error={problem} className="flex-1">
            <Input value={code} autoComplete="one-time-code" spellCheck={false} maxLength={64} onChange={(event) => setCode(event.target.value)} />
          </FormField>
          <Button type="submit" variant="secondary" className="sm:mt-7" pending={claim.isPending}>
            {t('profile:adminSetup.action')}
          </Button>
        </form>
      </CardContent>
    </Card>
  );
}
