import TranslateRoundedIcon from '@mui/icons-material/TranslateRounded';
import { Button } from '@mui/material';
import { useTranslation } from 'react-i18next';
import type { Language } from '../i18n';

/** Toggles fr <-> en; i18next's detector caches the choice in localStorage (`language`). */
export function LanguageSwitcher({ fullWidth = false }: { fullWidth?: boolean }) {
  const { t, i18n } = useTranslation('layout');
  const next: Language = i18n.resolvedLanguage === 'en' ? 'fr' : 'en';
  return (
    <Button
      data-testid="lang-switch"
      color="inherit"
      variant="outlined"
      size="small"
      fullWidth={fullWidth}
      startIcon={<TranslateRoundedIcon fontSize="small" />}
      // The visible "EN" first, so that voice control finds it by what it shows.
      aria-label={`${t('language.short')} : ${t('language.switchTo')}`}
      title={t('language.switchTo')}
      onClick={() => void i18n.changeLanguage(next)}
      sx={{ borderColor: 'divider', minWidth: 0, px: 1.5 }}
    >
      {t('language.short')}
    </Button>
  );
}
