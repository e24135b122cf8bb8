import { useId, useState, type KeyboardEvent, type PointerEvent } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Crosshair } from 'lucide-react';
import { AdminRoutes, type FocalPoint, type MediaItem } from '@agency/contracts';
import { Button } from '@agency/ui';
import { Dialog } from '@agency/ui/dialog';
import { toast } from '@agency/ui/toast';
import { adminKeys, adminSend, errorMessage } from '../shared/admin-api';

const CENTRE: FocalPoint = { x: 50, y: 50 };
/** How far an arrow key moves the point, in percent (Shift: further). */
const STEP = 2;
const clamp = (v: number) => Math.min(100, Math.max(0, Math.round(v * 10) / 10));

/** The crops the site makes of a library image, previewed as they will look with the point. */
const CROPS = [
  { label: 'Card (16:9)', className: 'aspect-video w-40' },
  { label: 'Social card (1.91:1)', className: 'aspect-[1200/630] w-40' },
  { label: 'Square', className: 'aspect-square w-24' },
  { label: 'Tall (3:4)', className: 'aspect-[3/4] w-20' },
];

/**
 * "Focal point" of a library image: a click (or the arrow keys) on the picture sets the point every
 * crop of it keeps in view (the site's cards through CSS object-position, the social card's crop on
 * the server), previewed in the site's crop shapes; saved only when the server stored it.
 */
export function FocalPointButton({ item }: { item: MediaItem }) {
  const id = useId();
  const client = useQueryClient();
  const [open, setOpen] = useState(false);
  const [point, setPoint] = useState<FocalPoint>(item.focus ?? CENTRE);
  const save = useMutation({
    mutationFn: (focus: FocalPoint | null) =>
      adminSend('PATCH', `${AdminRoutes.media}/${item.id}`, { focus }),
    onSuccess: async (_answer, focus) => {
      toast({
        title: focus ? 'Focal point saved' : 'Focal point reset to the centre',
        description: item.originalName,
      });
      setOpen(false);
      await client.invalidateQueries({ queryKey: adminKeys.media });
    },
    onError: (err) =>
      toast({ variant: 'destructive', title: 'Focal point not saved', description: errorMessage(err) }),
  });
  const place = (e: PointerEvent<HTMLDivElement>) => {
    const box = e.currentTarget.getBoundingClientRect();
    if (!box.width || !box.height) return;
    setPoint({
      x: clamp(((e.clientX - box.left) / box.width) * 100),
      y: clamp(((e.clientY - box.top) / box.height) * 100),
    });
  };
  const nudge = (e: KeyboardEvent<HTMLDivElement>) => {
    const step = e.shiftKey ? STEP * 5 : STEP;
    const moves: Record<string, [number, number]> = {
      ArrowLeft: [-step, 0],
      ArrowRight: [step, 0],
      ArrowUp: [0, -step],
      ArrowDown: [0, step],
    };
    const move = moves[e.key];
    if (!move) return;
    e.preventDefault();
    setPoint((p) => ({ x: clamp(p.x + move[0]), y: clamp(p.y + move[1]) }));
  };
  const position = `${point.x}% ${point.y}%`;
  return (
    <>
      <Button
        type="button"
        variant="outline"
        size="sm"
        onClick={() => {
          setPoint(item.focus ?? CENTRE);
          setOpen(true);
        }}
        aria-label={`Focal point of ${item.originalName}`}
      >
        <Crosshair className="h-4 w-4" aria-hidden="true" />
        Focal point
      </Button>
      <Dialog
        open={open}
        onOpenChange={setOpen}
        title={`Focal point of ${item.originalName}`}
        description="Click the part of the picture every crop must keep in view, or move the point with the arrow keys (Shift: further)."
        className="max-w-3xl"
      >
        <div
          role="slider"
          tabIndex={0}
          aria-label="Focal point"
          aria-valuetext={`${point.x}% from the left, ${point.y}% from the top`}
          aria-valuenow={point.x}
          aria-valuemin={0}
          aria-valuemax={100}
          onPointerDown={place}
          onKeyDown={nudge}
          className="relative mx-auto w-fit cursor-crosshair touch-none select-none focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600"
        >
          <img src={item.url} alt="" draggable={false} className="block max-h-[50vh] max-w-full" />
          <span
            aria-hidden="true"
            className="pointer-events-none absolute h-6 w-6 -translate-x-1/2 -translate-y-1/2 rounded-full border-2 border-white bg-brand-600/60 shadow"
            style={{ left: `${point.x}%`, top: `${point.y}%` }}
          />
        </div>
        <p id={`${id}-where`} className="mt-2 text-center text-sm text-slate-600">
          {point.x}% from the left, {point.y}% from the top
        </p>
        <ul aria-label="How the site crops it" className="mt-4 flex flex-wrap items-end gap-4">
          {CROPS.map((crop) => (
            <li key={crop.label} className="text-xs text-slate-600">
              <img
                src={item.url}
                alt=""
                className={`${crop.className} rounded border border-slate-200 object-cover`}
                style={{ objectPosition: position }}
              />
              <span className="mt-1 block">{crop.label}</span>
            </li>
          ))}
        </ul>
        <div className="mt-6 flex flex-wrap justify-end gap-2">
          <Button variant="outline" disabled={save.isPending} onClick={() => save.mutate(null)}>
            Reset to centre
          </Button>
          <Button disabled={save.isPending} onClick={() => save.mutate(point)}>
            {save.isPending ? 'Saving...' : 'Save focal point'}
          </Button>
        </div>
      </Dialog>
    </>
  );
}
