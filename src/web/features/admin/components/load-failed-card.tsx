import { CircleAlert } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '@web/components/ui/button';
import { Card, CardContent } from '@web/components/ui/card';

/** A part of the panel whose data could not be read: a calm card that says which, announced, with "Try again". */
export function LoadFailedCard({ message, retrying, onRetry }: { message: string; retrying: boolean; onRetry: () => void }) {
  const { t } = useTranslation('admin');
  return (
    <Card role="alert">
      <CardContent className="flex flex-col items-start gap-3">
        <p className="flex items-center gap-2 font-medium text-ink">
          <CircleAlert aria-hidden="true" className="size-5 text-danger" />
          {message}
        </p>
        <Button variant="secondary" pending={retrying} onClick={onRetry}>
          {t('admin:settings.retry')}
        </Button>
      </CardContent>
    </Card>
  );
}
