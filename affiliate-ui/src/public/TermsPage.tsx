import EventRoundedIcon from '@mui/icons-material/EventRounded';
import ExpandMoreRoundedIcon from '@mui/icons-material/ExpandMoreRounded';
import GavelRoundedIcon from '@mui/icons-material/GavelRounded';
import UnfoldLessRoundedIcon from '@mui/icons-material/UnfoldLessRounded';
import UnfoldMoreRoundedIcon from '@mui/icons-material/UnfoldMoreRounded';
import { Accordion, AccordionDetails, AccordionSummary, Box, Button, Card, Chip, Container, Stack, Typography } from '@mui/material';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router-dom';
import { usePageTitle } from '../layout/usePageTitle';
import { PageHero } from './PageHero';
import { minPayout } from './payout';

const TERMS_VERSION = '1.0';
const TERMS_UPDATED_AT = Date.UTC(2025, 5, 19);

/** The 21 articles in the order of the spec; their text lives under terms.articles.<id>. */
const ARTICLES = [
  'introduction',
  'acceptance',
  'natureOfService',
  'affiliateObligations',
  'platformAccess',
  'paymentConditions',
  'conversionValidity',
  'billing',
  'taxation',
  'trafficSources',
  'auditAndCompliance',
  'confidentiality',
  'nonCircumvention',
  'durationAndTermination',
  'dataProtection',
  'subAffiliates',
  'compensation',
  'applicableLaw',
  'entireAgreement',
  'legalMentions',
  'liabilityLimitation',
] as const;

type ArticleId = (typeof ARTICLES)[number];

export function TermsPage() {
  const { t, i18n } = useTranslation('public');
  usePageTitle(t('terms.title'));
  const [expanded, setExpanded] = useState<ReadonlySet<ArticleId>>(() => new Set(ARTICLES));

  const toggle = (id: ArticleId, open: boolean) =>
    setExpanded((current) => {
      const next = new Set(current);
      if (open) next.add(id);
      else next.delete(id);
      return next;
    });

  const updatedAt = new Intl.DateTimeFormat(i18n.resolvedLanguage, { dateStyle: 'long', timeZone: 'UTC' }).format(TERMS_UPDATED_AT);
  const allOpen = expanded.size === ARTICLES.length;

  return (
    <>
      <PageHero title={t('terms.title')} subtitle={t('terms.subtitle')}>
        <Stack direction="row" spacing={1} useFlexGap sx={{ justifyContent: 'center', flexWrap: 'wrap' }}>
          <Chip icon={<GavelRoundedIcon />} label={t('terms.version', { version: TERMS_VERSION })} variant="outlined" data-testid="terms-version" />
          <Chip icon={<EventRoundedIcon />} label={t('terms.updated', { date: updatedAt })} variant="outlined" data-testid="terms-updated" />
        </Stack>
      </PageHero>
      <Container maxWidth="md" sx={{ py: { xs: 5, md: 8 } }}>
        <Box sx={{ display: 'flex', justifyContent: 'flex-end', mb: 2 }}>
          <Button
            onClick={() => setExpanded(allOpen ? new Set() : new Set(ARTICLES))}
            startIcon={allOpen ? <UnfoldLessRoundedIcon /> : <UnfoldMoreRoundedIcon />}
            data-testid="terms-toggle-all"
          >
            {allOpen ? t('terms.collapseAll') : t('terms.expandAll')}
          </Button>
        </Box>
        <Stack spacing={1.5} component="ol" sx={{ listStyle: 'none', p: 0, m: 0 }}>
          {ARTICLES.map((id, index) => {
            const paragraphs = t(`terms.articles.${id}.paragraphs`, { returnObjects: true, minPayout }) as string[];
            return (
              <Box component="li" key={id}>
                <Accordion expanded={expanded.has(id)} onChange={(_, open) => toggle(id, open)} slotProps={{ heading: { component: 'h2' } }} data-testid="terms-article">
                  <AccordionSummary expandIcon={<ExpandMoreRoundedIcon />} aria-controls={`terms-${id}-content`} id={`terms-${id}-header`}>
                    <Box>
                      <Typography variant="overline" sx={{ color: 'primary.main', lineHeight: 1.6, display: 'block' }}>
                        {t('terms.articleLabel', { number: index + 1 })}
                      </Typography>
                      <Typography component="h2" variant="h6" sx={{ fontSize: { xs: 17, sm: 19 } }}>
                        {t(`terms.articles.${id}.title`)}
                      </Typography>
                    </Box>
                  </AccordionSummary>
                  <AccordionDetails>
                    <Stack spacing={1.5}>
                      {paragraphs.map((paragraph) => (
                        <Typography key={paragraph} sx={{ color: 'text.secondary', lineHeight: 1.8 }}>
                          {paragraph}
                        </Typography>
                      ))}
                    </Stack>
                  </AccordionDetails>
                </Accordion>
              </Box>
            );
          })}
        </Stack>
        <Card sx={{ mt: { xs: 5, md: 7 }, p: { xs: 3, sm: 4 }, display: 'flex', flexDirection: { xs: 'column', sm: 'row' }, alignItems: { sm: 'center' }, gap: 2 }}>
          <Typography sx={{ flex: 1, fontWeight: 600 }}>{t('terms.questions')}</Typography>
          <Button component={RouterLink} to="/contact" variant="contained">
            {t('terms.contact')}
          </Button>
        </Card>
      </Container>
    </>
  );
}
