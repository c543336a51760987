import { useId, useRef, useState } from 'react';
import { Link } from 'react-router';
import { Code, ImageUp, LockKeyhole, Trash2 } from 'lucide-react';
import { MAX_LOGO_BYTES, type LogoKind } from '@postwise/shared/schemas/admin';
import { Button } from '../../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card';
import { Checkbox } from '../../../components/ui/checkbox';
import { Label } from '../../../components/ui/label';
import { PageWithHeader } from '../../../components/ui/page-header';
import { Skeleton } from '../../../components/ui/skeleton';
import { showError, showSuccess } from '../../../lib/toast';
import { cn } from '../../../lib/utils';
import { useAccountSetting, useRemoveLogo, useSetPasswordProtection, useUploadLogo } from '../api/settings';

const LOGO_TEXT: Record<LogoKind, { title: string; hint: string; surface: string }> = {
  light: { title: 'Light logo', hint: 'Shown on light backgrounds.', surface: 'bg-white' },
  dark: { title: 'Dark logo', hint: 'Shown on dark backgrounds, such as the menu.', surface: 'bg-navy-900' },
};

function LogoCard({ kind, url }: { kind: LogoKind; url: string | null }) {
  const inputId = useId();
  const input = useRef<HTMLInputElement>(null);
  const upload = useUploadLogo(kind);
  const remove = useRemoveLogo(kind);
  const [progress, setProgress] = useState<number | null>(null);
  const text = LOGO_TEXT[kind];

  const choose = (file: File | undefined) => {
    if (!file) return;
    if (file.size > MAX_LOGO_BYTES) {
      showError('Logo must be 2 MB or smaller');
      return;
    }
    setProgress(0);
    upload.mutate(
      { file, onProgress: setProgress },
      {
        onSuccess: () => showSuccess(`${text.title} saved`),
        onError: showError,
        onSettled: () => {
          setProgress(null);
          if (input.current) input.current.value = '';
        },
      },
    );
  };

  return (
    <Card>
      <CardHeader>
        <CardTitle>{text.title}</CardTitle>
        <CardDescription>{text.hint} PNG, JPEG, WebP or GIF up to 2 MB.</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        <div className={cn('flex h-28 items-center justify-center rounded-lg border p-4', text.surface)}>
          {url ? (
            <img src={url} alt={`${text.title} preview`} className="max-h-20 max-w-full object-contain" />
          ) : (
            <span className={cn('text-sm', kind === 'dark' ? 'text-white/70' : 'text-muted-foreground')}>
              Default logo in use
            </span>
          )}
        </div>
        {progress !== null ? (
          <div className="grid gap-1" aria-live="polite">
            <div className="h-2 overflow-hidden rounded-full bg-muted">
              <div className="h-full bg-primary transition-all" style={{ width: `${progress}%` }} />
            </div>
            <span className="text-xs text-muted-foreground">Uploading… {progress}%</span>
          </div>
        ) : null}
        <div className="flex flex-wrap gap-2">
          <input
            ref={input}
            id={inputId}
            type="file"
            accept="image/png,image/jpeg,image/webp,image/gif"
            className="sr-only"
            onChange={(e) => choose(e.target.files?.[0])}
            data-testid={`logo-input-${kind}`}
          />
          <Button asChild variant="outline" loading={upload.isPending}>
            <label htmlFor={inputId} className="cursor-pointer">
              <ImageUp aria-hidden="true" />
              {url ? 'Replace' : 'Upload'}
            </label>
          </Button>
          {url ? (
            <Button
              variant="ghost"
              loading={remove.isPending}
              onClick={() =>
                remove.mutate(undefined, { onSuccess: () => showSuccess(`${text.title} removed`), onError: showError })
              }
            >
              <Trash2 aria-hidden="true" />
              Remove
            </Button>
          ) : null}
        </div>
      </CardContent>
    </Card>
  );
}

/** Account Setting (SUB_ADMIN): password protection of the Configuration tab, and the logos customers see. */
export function AccountSettingPage() {
  const setting = useAccountSetting();
  const protect = useSetPasswordProtection();
  const checkboxId = useId();

  return (
    <PageWithHeader title="Account Setting" description="Protect your Configuration and brand what your customers see.">
      {setting.isPending ? (
        <div className="grid gap-6 md:grid-cols-2">
          <Skeleton className="h-32 md:col-span-2" />
          <Skeleton className="h-64" />
          <Skeleton className="h-64" />
        </div>
      ) : setting.isError ? (
        <p role="alert" className="text-sm text-destructive">
          {setting.error.message}
        </p>
      ) : (
        <div className="grid gap-6 md:grid-cols-2">
          <Card className="md:col-span-2">
            <CardHeader>
              <CardTitle className="flex items-center gap-2">
                <LockKeyhole aria-hidden="true" className="size-4 text-primary" />
                Password protection
              </CardTitle>
              <CardDescription>
                When on, opening Configuration asks for your sign-in password first (the Unlock Tab dialog).
              </CardDescription>
            </CardHeader>
            <CardContent>
              <div className="flex items-center gap-3">
                <Checkbox
                  id={checkboxId}
                  checked={setting.data.isPasswordProtected}
                  disabled={protect.isPending}
                  onCheckedChange={(v) =>
                    protect.mutate(v === true, {
                      onSuccess: (s) =>
                        showSuccess(s.isPasswordProtected ? 'Password protection on' : 'Password protection off'),
                      onError: showError,
                    })
                  }
                  data-testid="password-protection"
                />
                <Label htmlFor={checkboxId}>Protect the Configuration tab with my password</Label>
              </div>
            </CardContent>
          </Card>
          <LogoCard kind="light" url={setting.data.lightLogo} />
          <LogoCard kind="dark" url={setting.data.darkLogo} />
          <Card className="md:col-span-2">
            <CardHeader>
              <CardTitle className="flex items-center gap-2">
                <Code aria-hidden="true" className="size-4 text-primary" />
                API & Webhooks
              </CardTitle>
              <CardDescription>
                API keys for your integrations, and webhooks that also carry your customers' events.
              </CardDescription>
            </CardHeader>
            <CardContent>
              <Button variant="outline" size="sm" asChild>
                <Link to="/developers" data-testid="open-developers">
                  Manage API keys and webhooks
                </Link>
              </Button>
            </CardContent>
          </Card>
        </div>
      )}
    </PageWithHeader>
  );
}
