import AddIcon from '@mui/icons-material/Add';
import DeleteIcon from '@mui/icons-material/Delete';
import { Box, Button, Card, CardContent, CircularProgress, FormControlLabel, IconButton, Stack, Switch, TextField, Tooltip, Typography } from '@mui/material';
import { IMAGE_ACCEPT, MAX_IMAGE_BYTES, uploadUrl, type ModulationKey, type OfferTemplate } from '@affilux/contract';
import { useState } from 'react';
import { useNotify, useTranslate } from 'react-admin';
import { serverMessage } from '../providers/serverError';
import { FileButton } from '../shared/FileButton';
import { offersApi } from './offersApi';

/** A template being edited: `key` is for React only (the server numbers templates 1, 2, ... in order). */
export type TemplateDraft = Omit<OfferTemplate, 'id'> & { key: string };

export const emptyTemplate = (): TemplateDraft => ({
  key: crypto.randomUUID(), template_image: null, template_link: '', template_link_ppt: '', template_link_sale: '', is_modular: false, modulation_keys: [],
});

type LinkField = 'template_link' | 'template_link_ppt' | 'template_link_sale';
export type TemplateErrors = Record<string, string>;

type CardProps = {
  index: number;
  template: TemplateDraft;
  /** Applied to this template as it is when the change lands: an image upload ends after whatever was typed meanwhile. */
  onChange: (patch: Partial<TemplateDraft>) => void;
  onRemove: () => void;
  onUploading: (uploading: boolean) => void;
  errors: TemplateErrors;
};

const TemplateCard = ({ index, template, onChange, onRemove, onUploading, errors }: CardProps) => {
  const translate = useTranslate();
  const notify = useNotify();
  const [uploading, setUploading] = useState(false);
  const upload = async (file: File) => {
    if (file.size > MAX_IMAGE_BYTES) {
      notify('app.offers.image.too_large', { type: 'error' });
      return;
    }
    setUploading(true);
    onUploading(true);
    try {
      const { filename } = await offersApi.uploadTemplateImage(file);
      onChange({ template_image: filename });
      notify('app.offers.image.uploaded', { type: 'success' });
    } catch (error) {
      notify(serverMessage(error) ?? translate('app.offers.image.upload_error'), { type: 'error' });
    } finally {
      setUploading(false);
      onUploading(false);
    }
  };
  const link = (field: LinkField, label: string) => (
    <TextField
      size="small"
      type="url"
      fullWidth
      label={translate(`app.offers.template.${label}`)}
      value={template[field]}
      onChange={(event) => onChange({ [field]: event.target.value })}
      error={Boolean(errors[`${index}.${field}`])}
      helperText={errors[`${index}.${field}`]}
      slotProps={{ htmlInput: { 'data-testid': `template-${index + 1}-${label}` } }}
    />
  );
  return (
    <Card variant="outlined" data-testid={`template-${index + 1}`}>
      <CardContent>
        <Box sx={{ display: 'flex', alignItems: 'center', mb: 1.5 }}>
          <Typography sx={{ fontWeight: 600, flex: 1 }}>{translate('app.offers.template.title', { id: index + 1 })}</Typography>
          <Tooltip title={translate('app.offers.template.remove')}>
            <IconButton color="error" onClick={onRemove} aria-label={translate('app.offers.template.remove')}><DeleteIcon /></IconButton>
          </Tooltip>
        </Box>
        <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '160px 1fr' }, gap: 2 }}>
          <Stack spacing={1} sx={{ alignItems: 'flex-start' }}>
            {template.template_image ? (
              <Box component="img" src={uploadUrl(template.template_image)} alt="" data-testid={`template-${index + 1}-preview`} sx={{ width: 160, height: 120, objectFit: 'cover', borderRadius: 1, bgcolor: 'grey.100' }} />
            ) : (
              <Box sx={{ width: 160, height: 120, borderRadius: 1, bgcolor: 'grey.100', border: '1px dashed', borderColor: 'divider', display: 'grid', placeItems: 'center', color: 'text.secondary', fontSize: 12 }}>
                {translate('app.offers.template.image')}
              </Box>
            )}
            <FileButton
              size="small"
              variant="outlined"
              disabled={uploading}
              startIcon={uploading ? <CircularProgress size={14} /> : undefined}
              accept={IMAGE_ACCEPT}
              inputTestId={`template-${index + 1}-image-input`}
              onFile={(file) => void upload(file)}
            >
              {translate(template.template_image ? 'app.offers.image.replace' : 'app.offers.image.choose')}
            </FileButton>
          </Stack>
          <Stack spacing={1.5}>
            {link('template_link', 'link')}
            {link('template_link_ppt', 'link_ppt')}
            {link('template_link_sale', 'link_sale')}
            <Typography variant="caption" color="text.secondary">{translate('app.offers.template.link_help')}</Typography>
            <FormControlLabel
              control={
                <Switch
                  checked={template.is_modular}
                  onChange={(event) => onChange({ is_modular: event.target.checked, modulation_keys: event.target.checked ? template.modulation_keys : [] })}
                  slotProps={{ input: { 'data-testid': `template-${index + 1}-modular` } as object }}
                />
              }
              label={translate('app.offers.template.modular')}
            />
            {template.is_modular && (
              <Stack spacing={1}>
                <Typography variant="body2" sx={{ fontWeight: 600 }}>{translate('app.offers.template.keys')}</Typography>
                {template.modulation_keys.length === 0 && <Typography variant="body2" color="text.secondary">{translate('app.offers.template.no_keys')}</Typography>}
                {template.modulation_keys.map((entry, keyIndex) => {
                  const update = (patch: Partial<ModulationKey>) =>
                    onChange({ modulation_keys: template.modulation_keys.map((k, i) => (i === keyIndex ? { ...k, ...patch } : k)) });
                  return (
                    <Box key={keyIndex} sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr auto', sm: '1fr 2fr auto' }, gap: 1, alignItems: 'flex-start' }}>
                      <TextField size="small" label={translate('app.offers.template.key')} value={entry.key} onChange={(event) => update({ key: event.target.value })}
                        error={Boolean(errors[`${index}.modulation_keys.${keyIndex}.key`])} helperText={errors[`${index}.modulation_keys.${keyIndex}.key`]}
                        slotProps={{ htmlInput: { 'data-testid': `template-${index + 1}-key-${keyIndex + 1}` } }} />
                      <TextField size="small" label={translate('app.offers.template.description')} value={entry.description} onChange={(event) => update({ description: event.target.value })}
                        sx={{ gridColumn: { xs: '1 / 2', sm: 'auto' }, gridRow: { xs: 2, sm: 'auto' } }}
                        slotProps={{ htmlInput: { 'data-testid': `template-${index + 1}-description-${keyIndex + 1}` } }} />
                      <IconButton aria-label={translate('app.offers.template.remove_key')} onClick={() => onChange({ modulation_keys: template.modulation_keys.filter((_, i) => i !== keyIndex) })}>
                        <DeleteIcon fontSize="small" />
                      </IconButton>
                    </Box>
                  );
                })}
                <Button size="small" startIcon={<AddIcon />} sx={{ alignSelf: 'flex-start' }} data-testid={`template-${index + 1}-add-key`}
                  onClick={() => onChange({ modulation_keys: [...template.modulation_keys, { key: '', description: '' }] })}>
                  {translate('app.offers.template.add_key')}
                </Button>
              </Stack>
            )}
          </Stack>
        </Box>
      </CardContent>
    </Card>
  );
};

/**
 * The offer's templates: image upload per template, links, modular flag and modulation keys. Changes
 * reach `onChange` as updates of the latest list, found by template key, so an upload finishing
 * late neither reverts nor lands on another template. `onUploading` tells when an upload starts and ends.
 */
export const TemplateEditor = ({ templates, onChange, onUploading, errors }: {
  templates: TemplateDraft[];
  onChange: (update: (templates: TemplateDraft[]) => TemplateDraft[]) => void;
  onUploading: (uploading: boolean) => void;
  errors: TemplateErrors;
}) => {
  const translate = useTranslate();
  return (
    <Stack spacing={2}>
      {templates.length === 0 && <Typography color="text.secondary">{translate('app.offers.template.none')}</Typography>}
      {templates.map((template, index) => (
        <TemplateCard
          key={template.key}
          index={index}
          template={template}
          errors={errors}
          onChange={(patch) => onChange((current) => current.map((t) => (t.key === template.key ? { ...t, ...patch } : t)))}
          onRemove={() => onChange((current) => current.filter((t) => t.key !== template.key))}
          onUploading={onUploading}
        />
      ))}
      <Button startIcon={<AddIcon />} variant="outlined" sx={{ alignSelf: 'flex-start' }} onClick={() => onChange((current) => [...current, emptyTemplate()])} data-testid="template-add">
        {translate('app.offers.template.add')}
      </Button>
    </Stack>
  );
};
