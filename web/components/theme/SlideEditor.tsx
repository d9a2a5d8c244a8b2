import { useState } from 'react';
import { Button, FileTrigger } from 'react-aria-components';
import { PendingButton } from '../../platform/PendingButton';
import type { StringLookup } from '../../platform/useStrings';
import { changeDraftArea } from '../assign/draftfiles';
import { describedBy, FormField } from '../../platform/FormField';
import { moveButtonId } from '../../platform/moveButtons';
import { PLACEHOLDER_THEME_NAMES } from './placeholder';
import { PlaceholderImage } from './PlaceholderImage';
import { imageProblem, slidePreview, type SettingsErrors, type SlideDraft } from './settingsForm';

interface SlideEditorProps {
  slide: SlideDraft;
  index: number;
  count: number;
  errors: SettingsErrors;
  s: StringLookup;
  onChange: (slide: SlideDraft) => void;
  onMove: (to: number) => void;
  onDelete: () => void;
}

/** One slide of the carousel in the settings form: its texts, link and image, and its place in the order. */
export function SlideEditor({ slide, index, count, errors, s, onChange, onMove, onDelete }: SlideEditorProps) {
  const [uploading, setUploading] = useState(false);
  const [uploadError, setUploadError] = useState('');
  const id = `slide-${slide.key}`;
  const number = index + 1;
  const preview = slidePreview(slide);
  const imageError = uploadError || errors[`slides.${index}.image`];
  const set = (change: Partial<SlideDraft>) => onChange({ ...slide, ...change });

  async function upload(files: FileList | null) {
    const file = files?.[0];
    if (!file) return;
    const problem = imageProblem(file);
    if (problem) {
      setUploadError(problem === 'notimage' ? s('slideimagenotimage') : s('slideimagetoolarge', '4 MB'));
      return;
    }
    setUploading(true);
    setUploadError('');
    try {
      const area = await changeDraftArea(0, { upload: file });
      if (slide.image.action === 'replace') URL.revokeObjectURL(slide.image.preview);
      set({ image: { action: 'replace', draftitemid: area.itemid, preview: URL.createObjectURL(file), filename: file.name } });
    } catch (error) {
      setUploadError(error instanceof Error ? error.message : String(error));
    } finally {
      setUploading(false);
    }
  }

  const heading = slide.title.trim() || s('slideuntitled', number);
  return (
    <li className="slide-editor card" aria-labelledby={`${id}-heading`}>
      <div className="slide-editor-header">
        <h3 id={`${id}-heading`}>
          {slide.title.trim() ? (
            <>
              <span className="slide-editor-number">{s('slidenumber', number)}</span> {heading}
            </>
          ) : (
            heading
          )}
        </h3>
        <div className="slide-editor-actions">
          {/* Each name starts with the visible words (for speech input), then says which slide. */}
          <Button id={moveButtonId('slide', slide.key, 'up')} className="btn btn-secondary btn-small" isDisabled={index === 0} onPress={() => onMove(index - 1)}>
            {s('moveup')}
            <span className="visually-hidden"> — {s('moveslideup', heading)}</span>
          </Button>
          <Button id={moveButtonId('slide', slide.key, 'down')} className="btn btn-secondary btn-small" isDisabled={index === count - 1} onPress={() => onMove(index + 1)}>
            {s('movedown')}
            <span className="visually-hidden"> — {s('moveslidedown', heading)}</span>
          </Button>
          <Button className="btn btn-link danger btn-small" onPress={onDelete}>
            {s('deleteslide')}
            <span className="visually-hidden"> — {s('deleteslidenamed', heading)}</span>
          </Button>
        </div>
      </div>
      <div className="slide-editor-body">
        <div className="slide-editor-image">
          <div className="slide-editor-preview">
            {preview ? (
              <img src={preview} alt={s('slideimagepreview', heading)} />
            ) : (
              <PlaceholderImage text={slide.title.trim() || s('noimage')} theme={PLACEHOLDER_THEME_NAMES[index % PLACEHOLDER_THEME_NAMES.length] ?? 'gray'} />
            )}
          </div>
          <p className="field-help" id={`${id}-image-help`}>
            {slide.image.action === 'replace' ? s('newimage', slide.image.filename) : preview ? slide.imagename : s('noimagehelp')}
          </p>
          <div className="slide-editor-image-actions">
            <FileTrigger acceptedFileTypes={['image/png', 'image/jpeg', 'image/gif', 'image/webp']} onSelect={(files) => void upload(files)}>
              <PendingButton isPending={uploading} pendingKind="uploading" className="btn btn-secondary btn-small" aria-describedby={`${id}-image-help`}>
                {preview ? s('replaceimage') : s('uploadimage')}
              </PendingButton>
            </FileTrigger>
            {preview && (
              <Button className="btn btn-link btn-small" onPress={() => set({ image: slide.imageurl ? { action: 'remove' } : { action: 'keep' } })}>
                {s('removeimage')}
              </Button>
            )}
          </div>
          {imageError && (
            <p className="field-error" role="alert">
              {imageError}
            </p>
          )}
        </div>
        <div className="slide-editor-fields form-stack">
          <FormField id={`${id}-title`} label={s('slidetitle')} error={errors[`slides.${index}.title`]}>
            <input id={`${id}-title`} type="text" value={slide.title} maxLength={255} onChange={(e) => set({ title: e.target.value })} {...describedBy(`${id}-title`, errors[`slides.${index}.title`])} />
          </FormField>
          <FormField id={`${id}-caption`} label={s('slidecaption')} error={errors[`slides.${index}.caption`]}>
            <textarea id={`${id}-caption`} rows={2} value={slide.caption} maxLength={1000} onChange={(e) => set({ caption: e.target.value })} {...describedBy(`${id}-caption`, errors[`slides.${index}.caption`])} />
          </FormField>
          <FormField id={`${id}-url`} label={s('slideurl')} help={s('slideurl_help')} error={errors[`slides.${index}.url`]}>
            <input id={`${id}-url`} type="text" inputMode="url" value={slide.url} onChange={(e) => set({ url: e.target.value })} {...describedBy(`${id}-url`, errors[`slides.${index}.url`], s('slideurl_help'))} />
          </FormField>
        </div>
      </div>
    </li>
  );
}
