import { Alert, Box, Button, Stack, Typography } from '@mui/material';
import { BRAND_IMAGE_SIZE, hasBrandImageRatio, IMAGE_ACCEPT, MAX_IMAGE_BYTES, uploadUrl } from '@affilux/contract';
import { useEffect, useState } from 'react';
import { useNotify, useTranslate } from 'react-admin';
import { FileButton } from '../shared/FileButton';

export type BrandImage = { file: File | null; existing: string | null };

/** The brand image: pick (previewed before saving), replace or remove; its size is shown and a ratio other than 1200:350 flagged. */
export const BrandImageField = ({ value, onChange }: { value: BrandImage; onChange: (value: BrandImage) => void }) => {
  const translate = useTranslate();
  const notify = useNotify();
  const [preview, setPreview] = useState<string | null>(null);
  const [size, setSize] = useState<{ width: number; height: number } | null>(null);

  useEffect(() => {
    if (value.file) {
      const url = URL.createObjectURL(value.file);
      setPreview(url);
      return () => URL.revokeObjectURL(url);
    }
    setPreview(value.existing ? uploadUrl(value.existing) : null);
    return undefined;
  }, [value.file, value.existing]);

  return (
    <Stack spacing={1}>
      <Typography variant="body2" color="text.secondary">{translate('app.offers.image.ratio')}</Typography>
      {preview ? (
        <Box
          component="img"
          src={preview}
          alt=""
          data-testid="brand-image-preview"
          onLoad={(event) => setSize({ width: event.currentTarget.naturalWidth, height: event.currentTarget.naturalHeight })}
          sx={{ width: '100%', maxWidth: 600, aspectRatio: `${BRAND_IMAGE_SIZE.width} / ${BRAND_IMAGE_SIZE.height}`, objectFit: 'cover', borderRadius: 1, bgcolor: 'grey.100', border: 1, borderColor: 'divider' }}
        />
      ) : (
        <Box sx={{ width: '100%', maxWidth: 600, aspectRatio: '1200 / 350', borderRadius: 1, bgcolor: 'grey.100', border: '1px dashed', borderColor: 'divider', display: 'grid', placeItems: 'center', color: 'text.secondary' }}>
          1200 × 350
        </Box>
      )}
      {preview && size && (
        hasBrandImageRatio(size.width, size.height) ? (
          <Typography variant="body2" color="text.secondary" data-testid="brand-image-size">{translate('app.offers.image.size', size)}</Typography>
        ) : (
          <Alert severity="warning" data-testid="brand-image-ratio-warning">{translate('app.offers.image.ratio_warning', size)}</Alert>
        )
      )}
      <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
        <FileButton
          variant="outlined"
          accept={IMAGE_ACCEPT}
          inputTestId="brand-image-input"
          onFile={(file) => {
            if (file.size > MAX_IMAGE_BYTES) {
              notify('app.offers.image.too_large', { type: 'error' });
              return;
            }
            setSize(null);
            onChange({ ...value, file });
          }}
        >
          {translate(preview ? 'app.offers.image.replace' : 'app.offers.image.choose')}
        </FileButton>
        {preview && (
          <Button color="error" onClick={() => { setSize(null); onChange({ file: null, existing: null }); }}>
            {translate('app.offers.image.remove')}
          </Button>
        )}
      </Box>
      <Typography variant="caption" color="text.secondary">{translate('app.offers.image.help')}</Typography>
    </Stack>
  );
};
