import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import {
  Alert, Box, Button, Card, CardContent, CircularProgress, Divider, FormControl, FormControlLabel, FormHelperText, InputLabel, MenuItem,
  Radio, RadioGroup, Select, Stack, Switch, TextField, Typography,
} from '@mui/material';
import { formatAffiliateId, isHttpUrl, OFFER_CATEGORIES, OFFER_INTAKES, POSTBACK_PARAMETERS, type OfferIntake, type OfferStatus, type OfferView } from '@affilux/contract';
import { type FormEvent, Fragment, type ReactNode, useEffect, useRef, useState } from 'react';
import { Title, useNotify, useRedirect, useTranslate } from 'react-admin';
import { useParams } from 'react-router-dom';
import { serverMessage } from '../providers/serverError';
import { BrandImageField, type BrandImage } from './BrandImageField';
import { offersApi, postbackUrl } from './offersApi';
import { PrivateAffiliatesField, type AffiliateValidation } from './PrivateAffiliatesField';
import { emptyTemplate, TemplateEditor, type TemplateDraft } from './TemplateEditor';
import { CarefulConfirm } from '../dialogs/CarefulConfirm';

type Draft = {
  brand_name: string;
  category: string;
  status: OfferStatus;
  is_private: boolean;
  affiliateIds: number[];
  script_code_ppt: string;
  script_code_sale: string;
  intake: OfferIntake;
  templates: TemplateDraft[];
};

const emptyDraft = (): Draft => ({
  brand_name: '', category: '', status: 'active', is_private: false, affiliateIds: [], script_code_ppt: '', script_code_sale: '', intake: 'import', templates: [emptyTemplate()],
});

const draftOf = (offer: OfferView): Draft => ({
  brand_name: offer.brand_name,
  category: offer.category,
  status: offer.status,
  is_private: offer.is_private,
  affiliateIds: offer.private_affiliate_ids,
  script_code_ppt: offer.script_code_ppt,
  script_code_sale: offer.script_code_sale,
  intake: offer.intake,
  templates: offer.templates.map(({ id: _id, ...t }) => ({ ...t, key: crypto.randomUUID() })),
});

const Section = ({ title, children }: { title: string; children: ReactNode }) => (
  <Box>
    <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 700, mb: 1.5 }}>{title}</Typography>
    {children}
  </Box>
);

/**
 * The postback URL of a saved offer, with every parameter of the call as a placeholder and what each
 * means, copy and rotation (the key is a secret kept out of the event log).
 */
const PostbackUrl = ({ offer, onRotated }: { offer: OfferView | null; onRotated: (key: string, revision: number) => void }) => {
  const translate = useTranslate();
  const notify = useNotify();
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  const [copied, setCopied] = useState(false);
  if (!offer?.postback_key) return <Alert severity="info">{translate('app.offers.intake.after_save')}</Alert>;
  const url = postbackUrl(offer.postback_key);
  return (
    <Stack spacing={1}>
      <TextField
        size="small" fullWidth multiline label={translate('app.offers.intake.url')} value={url}
        slotProps={{ htmlInput: { readOnly: true, 'data-testid': 'postback-url', style: { fontFamily: 'monospace', fontSize: 13, wordBreak: 'break-all' } } }}
      />
      <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
        <Button size="small" variant="outlined" startIcon={<ContentCopyIcon />} onClick={() => {
          void navigator.clipboard?.writeText(url).then(() => { setCopied(true); setTimeout(() => setCopied(false), 2000); });
        }}>
          {translate(copied ? 'app.offers.intake.copied' : 'app.offers.intake.copy')}
        </Button>
        <Button size="small" color="warning" variant="outlined" onClick={() => setConfirming(true)} data-testid="postback-rotate">{translate('app.offers.intake.rotate')}</Button>
      </Box>
      <Box data-testid="postback-parameters">
        <Typography variant="body2" color="text.secondary" sx={{ mb: 0.5 }}>{translate('app.offers.intake.parameters_intro')}</Typography>
        <Box component="dl" sx={{ m: 0, display: 'grid', gridTemplateColumns: 'max-content 1fr', columnGap: 1.5, rowGap: 0.25, fontSize: 13 }}>
          {POSTBACK_PARAMETERS.map((name) => (
            <Fragment key={name}>
              <Box component="dt" sx={{ fontFamily: 'monospace', fontWeight: 600 }}>{name}</Box>
              <Box component="dd" sx={{ m: 0, color: 'text.secondary' }}>{translate(`app.offers.intake.parameters.${name}`)}</Box>
            </Fragment>
          ))}
        </Box>
      </Box>
      <CarefulConfirm
        isOpen={confirming}
        loading={busy}
        title={translate('app.offers.intake.rotate_title')}
        content={translate('app.offers.intake.rotate_content')}
        onClose={() => setConfirming(false)}
        onConfirm={async () => {
          setBusy(true);
          try {
            const { postback_key, revision } = await offersApi.rotatePostbackKey(offer.id);
            onRotated(postback_key, revision);
            notify('app.offers.intake.rotated', { type: 'success' });
          } catch (error) {
            notify(serverMessage(error) ?? translate('app.offers.intake.rotate_error'), { type: 'error' });
          } finally {
            setBusy(false);
            setConfirming(false);
          }
        }}
      />
    </Stack>
  );
};

/** Create (no id) or edit an offer: every field of the spec's offer form, sent as multipart. */
export const OfferForm = ({ offerId }: { offerId: string | null }) => {
  const translate = useTranslate();
  const notify = useNotify();
  const redirect = useRedirect();
  const [offer, setOffer] = useState<OfferView | null>(null);
  const [loading, setLoading] = useState(offerId !== null);
  const [draft, setDraft] = useState<Draft>(emptyDraft);
  const [image, setImage] = useState<BrandImage>({ file: null, existing: null });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [validation, setValidation] = useState<AffiliateValidation>({ state: 'idle' });
  const [saving, setSaving] = useState(false);
  // Template images uploading: the save waits for them, or it would send the templates without their image.
  const [uploads, setUploads] = useState(0);
  const checkSequence = useRef(0);

  useEffect(() => {
    if (!offerId) return;
    offersApi.get(offerId).then(
      (loaded) => {
        setOffer(loaded);
        setDraft(draftOf(loaded));
        setImage({ file: null, existing: loaded.brand_image });
        setLoading(false);
      },
      (error) => {
        notify(serverMessage(error) ?? translate('app.offers.load_error'), { type: 'error' });
        redirect('list', 'offers');
      },
    );
  }, [offerId, notify, redirect, translate]);

  // The private list is checked on the server whenever it changes.
  const idsKey = draft.is_private ? draft.affiliateIds.join(',') : '';
  useEffect(() => {
    if (!draft.is_private || draft.affiliateIds.length === 0) {
      setValidation({ state: 'idle' });
      return;
    }
    const sequence = ++checkSequence.current;
    setValidation({ state: 'checking' });
    offersApi.validateAffiliates(draft.affiliateIds).then(
      (answer) => {
        if (sequence !== checkSequence.current) return;
        setValidation(answer.valid ? { state: 'valid', affiliates: answer.affiliates } : { state: 'error', message: answer.message || translate('app.offers.affiliates.validation_error') });
      },
      (error) => {
        if (sequence !== checkSequence.current) return;
        setValidation({ state: 'error', message: serverMessage(error) ?? translate('app.offers.affiliates.validation_error') });
      },
    );
  }, [idsKey, translate]); // idsKey stands for draft.is_private and draft.affiliateIds

  /** Sets a field, or updates it from its latest value (a template image's upload ends after the edits made meanwhile). */
  const set = <K extends keyof Draft>(key: K, value: Draft[K] | ((current: Draft[K]) => Draft[K])) => {
    setDraft((current) => ({ ...current, [key]: typeof value === 'function' ? value(current[key]) : value }));
    // Editing a template drops the template errors: they are checked again on save.
    setErrors((current) =>
      key === 'templates' ? Object.fromEntries(Object.entries(current).filter(([name]) => !/^\d+\./.test(name))) : { ...current, [key]: '' },
    );
  };

  const check = (): Record<string, string> => {
    const found: Record<string, string> = {};
    if (!draft.brand_name.trim()) found.brand_name = translate('app.offers.brand_name_required');
    if (!(OFFER_CATEGORIES as readonly string[]).includes(draft.category)) found.category = translate('app.offers.category_required');
    if (draft.is_private) {
      if (draft.affiliateIds.length === 0) found.affiliateIds = translate('app.offers.affiliates.required');
      else if (validation.state !== 'valid') found.affiliateIds = translate('app.offers.affiliates.fix');
    }
    draft.templates.forEach((t, index) => {
      for (const field of ['template_link', 'template_link_ppt', 'template_link_sale'] as const) {
        if (t[field].trim() && !isHttpUrl(t[field].trim())) found[`${index}.${field}`] = translate('app.offers.invalid_url');
      }
    });
    return found;
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const found = check();
    setErrors(found);
    const first = Object.values(found).find(Boolean);
    if (first) {
      notify(found.affiliateIds || first, { type: 'error' });
      return;
    }
    const form = new FormData();
    form.append('brand_name', draft.brand_name.trim());
    form.append('category', draft.category);
    form.append('status', draft.status);
    form.append('is_private', String(draft.is_private));
    if (draft.is_private) form.append('private_affiliate_ids', JSON.stringify(draft.affiliateIds));
    form.append('script_code_ppt', draft.script_code_ppt);
    form.append('script_code_sale', draft.script_code_sale);
    form.append('intake', draft.intake);
    form.append('templates', JSON.stringify(draft.templates.map(({ key: _key, ...t }, index) => ({ id: index + 1, ...t, modulation_keys: t.is_modular ? t.modulation_keys : [] }))));
    if (offer) form.append('expected_revision', String(offer.revision));
    if (image.file) form.append('brand_image', image.file, image.file.name);
    else if (offer && offer.brand_image && !image.existing) form.append('brand_image', '');
    setSaving(true);
    try {
      const saved = await offersApi.save(offerId, form);
      notify(offerId ? translate('app.offers.updated') : translate('app.offers.created', { id: formatAffiliateId(saved.unique_id ?? saved.offer.unique_id) }), { type: 'success' });
      redirect('list', 'offers');
    } catch (error) {
      notify(serverMessage(error) ?? translate('app.offers.save_error'), { type: 'error' });
    } finally {
      setSaving(false);
    }
  };

  if (loading) return <CircularProgress sx={{ display: 'block', mx: 'auto', my: 6 }} />;
  const title = offer ? translate('app.offers.title_edit', { id: formatAffiliateId(offer.unique_id) }) : translate('app.offers.title_create');
  const field = (name: string) => translate(`resources.offers.fields.${name}`);
  return (
    <Card component="form" onSubmit={submit} noValidate sx={{ mt: 2, maxWidth: 960 }} data-testid="offer-form">
      <Title title={title} />
      <CardContent>
        <Stack spacing={3} divider={<Divider flexItem />}>
          <Section title={translate('app.offers.section_general')}>
            <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '2fr 1fr' }, gap: 2 }}>
              <TextField required label={field('brand_name')} value={draft.brand_name} onChange={(e) => set('brand_name', e.target.value)}
                error={Boolean(errors.brand_name)} helperText={errors.brand_name} slotProps={{ htmlInput: { 'data-testid': 'offer-brand-name', maxLength: 200 } }} />
              <FormControl required error={Boolean(errors.category)}>
                <InputLabel id="offer-category-label">{field('category')}</InputLabel>
                <Select labelId="offer-category-label" label={field('category')} value={draft.category} onChange={(e) => set('category', e.target.value)} data-testid="offer-category">
                  {OFFER_CATEGORIES.map((c) => <MenuItem key={c} value={c}>{c}</MenuItem>)}
                </Select>
                {errors.category && <FormHelperText>{errors.category}</FormHelperText>}
              </FormControl>
            </Box>
            <FormControlLabel sx={{ mt: 1 }} control={<Switch checked={draft.status === 'active'} onChange={(e) => set('status', e.target.checked ? 'active' : 'inactive')} slotProps={{ input: { 'data-testid': 'offer-status' } as object }} />}
              label={translate('app.offers.status_active')} />
          </Section>
          <Section title={translate('app.offers.section_image')}>
            <BrandImageField value={image} onChange={setImage} />
          </Section>
          <Section title={translate('app.offers.section_access')}>
            <FormControlLabel
              control={<Switch checked={draft.is_private} onChange={(e) => { set('is_private', e.target.checked); if (!e.target.checked) set('affiliateIds', []); }} slotProps={{ input: { 'data-testid': 'offer-private' } as object }} />}
              label={field('is_private')}
            />
            {draft.is_private && (
              <PrivateAffiliatesField ids={draft.affiliateIds} onChange={(ids) => set('affiliateIds', ids)} validation={validation} error={errors.affiliateIds || undefined} />
            )}
          </Section>
          <Section title={translate('app.offers.section_scripts')}>
            <Stack spacing={2}>
              <Typography variant="body2" color="text.secondary">{translate('app.offers.scripts.help')}</Typography>
              <TextField label={field('script_code_ppt')} value={draft.script_code_ppt} onChange={(e) => set('script_code_ppt', e.target.value)} multiline minRows={2} slotProps={{ htmlInput: { 'data-testid': 'offer-script-ppt', style: { fontFamily: 'monospace' } } }} />
              <TextField label={field('script_code_sale')} value={draft.script_code_sale} onChange={(e) => set('script_code_sale', e.target.value)} multiline minRows={2} slotProps={{ htmlInput: { 'data-testid': 'offer-script-sale', style: { fontFamily: 'monospace' } } }} />
            </Stack>
          </Section>
          <Section title={translate('app.offers.section_intake')}>
            <Typography variant="body2" color="text.secondary">{translate('app.offers.intake.help')}</Typography>
            <RadioGroup row value={draft.intake} onChange={(e) => set('intake', e.target.value as OfferIntake)}>
              {OFFER_INTAKES.map((intake) => (
                <FormControlLabel key={intake} value={intake} control={<Radio slotProps={{ input: { 'data-testid': `offer-intake-${intake}` } as object }} />} label={translate(`app.offers.intake.${intake}`)} />
              ))}
            </RadioGroup>
            {draft.intake === 'postback' && <PostbackUrl offer={offer} onRotated={(key, revision) => setOffer((o) => (o ? { ...o, postback_key: key, revision } : o))} />}
          </Section>
          <Section title={translate('app.offers.section_templates')}>
            <TemplateEditor templates={draft.templates} onChange={(update) => set('templates', update)} onUploading={(started) => setUploads((n) => n + (started ? 1 : -1))} errors={errors} />
          </Section>
        </Stack>
      </CardContent>
      <Box sx={{ display: 'flex', gap: 1, justifyContent: 'flex-end', alignItems: 'center', p: 2, borderTop: 1, borderColor: 'divider', position: 'sticky', bottom: 0, bgcolor: 'background.paper', zIndex: 1 }}>
        {uploads > 0 && <Typography variant="body2" color="text.secondary" data-testid="offer-save-waiting">{translate('app.offers.image.uploading')}</Typography>}
        <Button color="inherit" onClick={() => redirect('list', 'offers')} disabled={saving}>{translate('ra.action.cancel')}</Button>
        <Button type="submit" variant="contained" disabled={saving || uploads > 0} startIcon={saving ? <CircularProgress size={16} /> : undefined} data-testid="offer-save">
          {translate('ra.action.save')}
        </Button>
      </Box>
    </Card>
  );
};

export const OfferCreate = () => <OfferForm offerId={null} />;

export const OfferEdit = () => {
  const { id } = useParams();
  return <OfferForm key={id} offerId={id ?? null} />;
};
