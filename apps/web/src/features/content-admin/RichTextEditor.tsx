import FormatBold from '@mui/icons-material/FormatBold';
import FormatItalic from '@mui/icons-material/FormatItalic';
import FormatListBulleted from '@mui/icons-material/FormatListBulleted';
import FormatListNumbered from '@mui/icons-material/FormatListNumbered';
import FormatQuote from '@mui/icons-material/FormatQuote';
import FormatUnderlined from '@mui/icons-material/FormatUnderlined';
import ImageOutlined from '@mui/icons-material/ImageOutlined';
import LinkIcon from '@mui/icons-material/Link';
import Redo from '@mui/icons-material/Redo';
import Undo from '@mui/icons-material/Undo';
import Box from '@mui/material/Box';
import FormHelperText from '@mui/material/FormHelperText';
import IconButton from '@mui/material/IconButton';
import ToggleButton from '@mui/material/ToggleButton';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import Image from '@tiptap/extension-image';
import { EditorContent, useEditor, useEditorState } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import { useEffect, useId, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { uploadPicture } from './api';

/**
 * The back office's rich-text editor (TipTap 3, headless, drawn with MUI): paragraphs, headings, lists,
 * quotes, links, pictures. It writes HTML; the server sanitises it when it is saved (decision 031).
 */
export function RichTextEditor({
  label,
  value,
  onChange,
  error,
  minHeight = 160,
}: {
  label: string;
  value: string;
  onChange: (html: string) => void;
  error?: string | undefined;
  minHeight?: number;
}) {
  const { t } = useTranslation('contentAdmin');
  const labelId = useId();
  const fileInput = useRef<HTMLInputElement>(null);
  const editor = useEditor({
    extensions: [
      StarterKit.configure({
        heading: { levels: [2, 3, 4] },
        link: { openOnClick: false, protocols: ['mailto', 'tel'], defaultProtocol: 'https' },
        codeBlock: false,
        code: false,
      }),
      Image.configure({ allowBase64: false }),
    ],
    content: value,
    editorProps: {
      attributes: { 'aria-labelledby': labelId, 'aria-multiline': 'true', role: 'textbox', class: 'rte-content' },
    },
    onUpdate: ({ editor: e }) => onChange(e.isEmpty ? '' : e.getHTML()),
  });
  // The form's value changed from outside (the dialog opened another item): show it.
  useEffect(() => {
    if (editor && !editor.isFocused && value !== (editor.isEmpty ? '' : editor.getHTML())) {
      editor.commands.setContent(value, { emitUpdate: false });
    }
  }, [editor, value]);
  const state = useEditorState({
    editor,
    selector: ({ editor: e }) => ({
      bold: e?.isActive('bold') ?? false,
      italic: e?.isActive('italic') ?? false,
      underline: e?.isActive('underline') ?? false,
      h2: e?.isActive('heading', { level: 2 }) ?? false,
      h3: e?.isActive('heading', { level: 3 }) ?? false,
      bullet: e?.isActive('bulletList') ?? false,
      ordered: e?.isActive('orderedList') ?? false,
      quote: e?.isActive('blockquote') ?? false,
      link: e?.isActive('link') ?? false,
      canUndo: e?.can().undo() ?? false,
      canRedo: e?.can().redo() ?? false,
    }),
  });

  const setLink = () => {
    if (!editor) return;
    const previous = (editor.getAttributes('link').href as string | undefined) ?? '';
    const url = window.prompt(t('editor.linkPrompt'), previous);
    if (url === null) return;
    if (url.trim() === '') editor.chain().focus().extendMarkRange('link').unsetLink().run();
    else editor.chain().focus().extendMarkRange('link').setLink({ href: url.trim() }).run();
  };
  const addImage = async (file: File | undefined) => {
    if (!file || !editor) return;
    try {
      const image = await uploadPicture(file);
      editor
        .chain()
        .focus()
        .setImage({ src: image.src, alt: file.name.replace(/\.[^.]+$/, '') })
        .run();
    } catch (e) {
      window.alert(e instanceof Error ? e.message : String(e));
    } finally {
      if (fileInput.current) fileInput.current.value = '';
    }
  };

  const toggle = (key: keyof NonNullable<typeof state>, title: string, icon: React.ReactNode, run: () => void) => (
    <Tooltip title={title} key={title}>
      <ToggleButton
        value={key}
        size="small"
        selected={Boolean(state?.[key])}
        onChange={run}
        // Keep the editor's focus and selection: a click that took them would drop a just-toggled mark.
        onMouseDown={(e) => e.preventDefault()}
        aria-label={title}
        sx={{ border: 0, minWidth: 36 }}
      >
        {icon}
      </ToggleButton>
    </Tooltip>
  );

  return (
    <Box>
      <Typography id={labelId} variant="body2" sx={{ mb: 0.5, fontWeight: 500 }}>
        {label}
      </Typography>
      <Box
        sx={{
          border: 1,
          borderColor: error ? 'error.main' : 'divider',
          borderRadius: 1,
          '&:focus-within': { borderColor: 'primary.main' },
        }}
      >
        <Box
          role="toolbar"
          aria-label={t('editor.toolbar', { label })}
          sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.25, p: 0.5, borderBottom: 1, borderColor: 'divider' }}
        >
          {toggle('bold', t('editor.bold'), <FormatBold fontSize="small" />, () =>
            editor?.chain().focus().toggleBold().run(),
          )}
          {toggle('italic', t('editor.italic'), <FormatItalic fontSize="small" />, () =>
            editor?.chain().focus().toggleItalic().run(),
          )}
          {toggle('underline', t('editor.underline'), <FormatUnderlined fontSize="small" />, () =>
            editor?.chain().focus().toggleUnderline().run(),
          )}
          {toggle('h2', t('editor.h2'), <b>H2</b>, () => editor?.chain().focus().toggleHeading({ level: 2 }).run())}
          {toggle('h3', t('editor.h3'), <b>H3</b>, () => editor?.chain().focus().toggleHeading({ level: 3 }).run())}
          {toggle('bullet', t('editor.bullet'), <FormatListBulleted fontSize="small" />, () =>
            editor?.chain().focus().toggleBulletList().run(),
          )}
          {toggle('ordered', t('editor.ordered'), <FormatListNumbered fontSize="small" />, () =>
            editor?.chain().focus().toggleOrderedList().run(),
          )}
          {toggle('quote', t('editor.quote'), <FormatQuote fontSize="small" />, () =>
            editor?.chain().focus().toggleBlockquote().run(),
          )}
          {toggle('link', t('editor.link'), <LinkIcon fontSize="small" />, setLink)}
          <Tooltip title={t('editor.image')}>
            <IconButton size="small" component="label" aria-label={t('editor.image')}>
              <ImageOutlined fontSize="small" />
              <input
                ref={fileInput}
                hidden
                type="file"
                accept="image/jpeg,image/png,image/webp"
                onChange={(e) => void addImage(e.target.files?.[0])}
              />
            </IconButton>
          </Tooltip>
          <Box sx={{ flex: 1 }} />
          <Tooltip title={t('editor.undo')}>
            <span>
              <IconButton
                size="small"
                aria-label={t('editor.undo')}
                disabled={!state?.canUndo}
                onClick={() => editor?.chain().focus().undo().run()}
              >
                <Undo fontSize="small" />
              </IconButton>
            </span>
          </Tooltip>
          <Tooltip title={t('editor.redo')}>
            <span>
              <IconButton
                size="small"
                aria-label={t('editor.redo')}
                disabled={!state?.canRedo}
                onClick={() => editor?.chain().focus().redo().run()}
              >
                <Redo fontSize="small" />
              </IconButton>
            </span>
          </Tooltip>
        </Box>
        <Box
          sx={{
            px: 1.5,
            '& .rte-content': { minHeight, outline: 'none', py: 1 },
            '& .rte-content img': { maxWidth: '100%', height: 'auto' },
            '& .rte-content p': { my: 1 },
            '& .rte-content blockquote': {
              borderLeft: 3,
              borderColor: 'divider',
              pl: 2,
              ml: 0,
              color: 'text.secondary',
            },
          }}
        >
          <EditorContent editor={editor} />
        </Box>
      </Box>
      {error && <FormHelperText error>{error}</FormHelperText>}
    </Box>
  );
}
