import { Download } from 'lucide-react';
import { useInstallApp } from '../lib/install-prompt';
import { Button, type ButtonProps } from './ui/button';

/** "Install app", shown only while the browser offers installation (Chromium's beforeinstallprompt). */
export function InstallAppButton({
  variant = 'outline',
  size = 'default',
  className,
}: Pick<ButtonProps, 'variant' | 'size' | 'className'>) {
  const install = useInstallApp();
  if (!install) return null;
  return (
    <Button
      type="button"
      variant={variant}
      size={size}
      className={className}
      onClick={() => void install()}
      data-testid="install-app"
    >
      <Download aria-hidden="true" />
      Install app
    </Button>
  );
}
