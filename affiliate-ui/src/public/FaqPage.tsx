import ClearRoundedIcon from '@mui/icons-material/ClearRounded';
import ExpandMoreRoundedIcon from '@mui/icons-material/ExpandMoreRounded';
import SearchOffRoundedIcon from '@mui/icons-material/SearchOffRounded';
import SearchRoundedIcon from '@mui/icons-material/SearchRounded';
import {
  Accordion,
  AccordionDetails,
  AccordionSummary,
  Box,
  Button,
  Card,
  Chip,
  Container,
  IconButton,
  InputAdornment,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router-dom';
import { usePageTitle } from '../layout/usePageTitle';
import { PageHero } from './PageHero';
import { minPayout } from './payout';

const CATEGORIES = ['all', 'general', 'application', 'payments', 'offers', 'support'] as const;
type Category = (typeof CATEGORIES)[number];

/** Questions in display order; their text lives in the `public` namespace under faq.items.<id>. */
const FAQ_ITEMS: ReadonlyArray<{ id: string; category: Exclude<Category, 'all'> }> = [
  { id: 'whatIsAffilux', category: 'general' },
  { id: 'verticals', category: 'general' },
  { id: 'paymentModels', category: 'general' },
  { id: 'howToApply', category: 'application' },
  { id: 'reviewTime', category: 'application' },
  { id: 'referral', category: 'application' },
  { id: 'paymentSchedule', category: 'payments' },
  { id: 'paymentMethods', category: 'payments' },
  { id: 'minimumPayout', category: 'payments' },
  { id: 'dormantBalance', category: 'payments' },
  { id: 'privateOffers', category: 'offers' },
  { id: 'trackers', category: 'offers' },
  { id: 'editLink', category: 'offers' },
  { id: 'accountManager', category: 'support' },
  { id: 'contactSupport', category: 'support' },
  { id: 'frozenAccount', category: 'support' },
];

/** Case- and accent-insensitive form, so "periode" finds "période". */
function normalize(text: string): string {
  return text.normalize('NFD').replace(/\p{Diacritic}/gu, '').toLowerCase();
}

export function FaqPage() {
  const { t } = useTranslation('public');
  usePageTitle(t('faq.title'));
  const [search, setSearch] = useState('');
  const [category, setCategory] = useState<Category>('all');

  const term = search.trim();
  const items = FAQ_ITEMS.map((item) => ({
    ...item,
    question: t(`faq.items.${item.id}.question`),
    answer: t(`faq.items.${item.id}.answer`, { minPayout }),
  })).filter(
    (item) =>
      (category === 'all' || item.category === category) &&
      (!term || normalize(`${item.question} ${item.answer}`).includes(normalize(term))),
  );

  return (
    <>
      <PageHero title={t('faq.title')} subtitle={t('faq.subtitle')}>
        <TextField
          value={search}
          onChange={(event) => setSearch(event.target.value)}
          label={t('faq.searchLabel')}
          placeholder={t('faq.searchPlaceholder')}
          fullWidth
          sx={{ maxWidth: 560, '& .MuiOutlinedInput-root': { backgroundColor: 'rgba(255, 255, 255, 0.05)' } }}
          slotProps={{
            htmlInput: { 'data-testid': 'faq-search' },
            input: {
              startAdornment: (
                <InputAdornment position="start">
                  <SearchRoundedIcon />
                </InputAdornment>
              ),
              endAdornment: search && (
                <InputAdornment position="end">
                  <IconButton aria-label={t('faq.clearSearch')} onClick={() => setSearch('')} edge="end">
                    <ClearRoundedIcon />
                  </IconButton>
                </InputAdornment>
              ),
            },
          }}
        />
      </PageHero>
      <Container maxWidth="md" sx={{ py: { xs: 5, md: 8 } }}>
        <Box
          role="group"
          aria-label={t('faq.categoriesLabel')}
          sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', justifyContent: 'center', mb: { xs: 4, md: 5 } }}
        >
          {CATEGORIES.map((value) => (
            <Chip
              key={value}
              label={t(`faq.categories.${value}`)}
              clickable
              onClick={() => setCategory(value)}
              color={category === value ? 'primary' : 'default'}
              variant={category === value ? 'filled' : 'outlined'}
              aria-pressed={category === value}
              data-testid={`faq-category-${value}`}
              sx={{ px: 1, height: 36, fontSize: 14, ...(category !== value && { backgroundColor: 'background.paper' }) }}
            />
          ))}
        </Box>

        {items.length === 0 ? (
          <Card data-testid="faq-empty" sx={{ p: { xs: 4, sm: 6 }, textAlign: 'center' }}>
            <SearchOffRoundedIcon sx={{ fontSize: 48, color: 'text.secondary' }} />
            <Typography variant="h6" component="p" sx={{ mt: 1 }}>
              {term ? t('faq.empty', { term }) : t('faq.emptyCategory')}
            </Typography>
            <Typography sx={{ color: 'text.secondary', mt: 1 }}>{t('faq.emptyHint')}</Typography>
          </Card>
        ) : (
          <Stack spacing={1.5} data-testid="faq-list">
            {items.map((item) => (
              <Accordion key={item.id} slotProps={{ heading: { component: 'h2' } }} data-testid="faq-item">
                <AccordionSummary expandIcon={<ExpandMoreRoundedIcon />} aria-controls={`faq-${item.id}-answer`} id={`faq-${item.id}-question`}>
                  <Typography component="h2" sx={{ fontWeight: 700, fontSize: { xs: 15, sm: 16 } }}>
                    {item.question}
                  </Typography>
                </AccordionSummary>
                <AccordionDetails>
                  <Typography sx={{ color: 'text.secondary', lineHeight: 1.75 }}>{item.answer}</Typography>
                </AccordionDetails>
              </Accordion>
            ))}
          </Stack>
        )}

        <Card
          sx={{
            mt: { xs: 5, md: 7 },
            p: { xs: 3, sm: 4 },
            display: 'flex',
            flexDirection: { xs: 'column', sm: 'row' },
            alignItems: { xs: 'stretch', sm: 'center' },
            gap: 3,
          }}
        >
          <Box sx={{ flex: 1 }}>
            <Typography variant="h6" component="h2">
              {t('faq.moreTitle')}
            </Typography>
            <Typography sx={{ color: 'text.secondary', mt: 0.5 }}>{t('faq.moreText')}</Typography>
          </Box>
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5}>
            <Button component={RouterLink} to="/contact" variant="outlined" data-testid="faq-contact">
              {t('faq.contact')}
            </Button>
            <Button component={RouterLink} to="/register" variant="contained" data-testid="faq-register">
              {t('faq.register')}
            </Button>
          </Stack>
        </Card>
      </Container>
    </>
  );
}
