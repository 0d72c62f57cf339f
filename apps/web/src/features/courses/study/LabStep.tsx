import { useRef, type ReactNode, type RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert, Button, Tabs, Typography } from 'antd';
import { CopyOutlined, SendOutlined } from '@ant-design/icons';
import type { CenterDetail, StudyStep } from '@platform/contract';
import { toast } from '../../../shared/toast';
import { RichTextView } from '../../../shared/ui/RichTextView';
import { EnvironmentGate } from '../../labs/EnvironmentGate';
import { LabPanels } from '../../labs/LabPanels';
import { LabToolbar } from '../../labs/LabToolbar';
import { useLabRuntime } from '../../labs/useLabRuntime';
import { useElementWidth } from '../../layout/useElementWidth';
import { richDoc } from './richDoc';
import { sendToLab } from './sendToLab';
import '../../labs/environment.css';

/** From this width of the step the lab stands beside the instructions; below it, tabs. */
const splitWidth = 900;

/**
 * One command of the command configuration: sent to the lab's terminal with one click, or
 * copied; when the clipboard is out of reach it is selected for copying by hand.
 */
function CommandBlock({
  title,
  command,
  lab,
}: {
  title: string;
  command: string;
  lab: RefObject<HTMLElement | null>;
}) {
  const { t } = useTranslation();
  const code = useRef<HTMLElement>(null);
  const send = () => {
    if (sendToLab(lab.current, command)) toast.success(t('courses.study.lab.sent'));
    else toast.warning(t('courses.study.lab.startLabFirst'));
  };
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(command);
      toast.success(t('courses.study.lab.copied'));
    } catch {
      const selection = window.getSelection();
      if (code.current && selection) selection.selectAllChildren(code.current);
      toast.warning(t('courses.study.lab.copyFailed'));
    }
  };
  return (
    <div className="cs-command">
      <div className="cs-command__head">
        <Typography.Text strong>{title}</Typography.Text>
        <span className="cs-command__actions">
          <Button size="small" type="primary" icon={<SendOutlined />} onClick={send}>
            {t('courses.study.lab.send')}
          </Button>
          <Button size="small" icon={<CopyOutlined />} onClick={() => void copy()}>
            {t('courses.study.lab.copy')}
          </Button>
        </span>
      </div>
      <pre className="cs-command__code">
        <code ref={code}>{command}</code>
      </pre>
    </div>
  );
}

/** The instructions, the commands to copy into the lab, and what the page adds (checks). */
function LabGuide({
  step,
  lab,
  extra,
}: {
  step: StudyStep;
  lab: RefObject<HTMLElement | null>;
  extra: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <div className="cs-lab__guide">
      <RichTextView doc={richDoc(step.doc)} />
      {step.commands.length > 0 && (
        <section className="cs-commands" aria-label={t('courses.study.lab.commands')}>
          <Typography.Title level={5}>{t('courses.study.lab.commands')}</Typography.Title>
          <Alert type="info" showIcon title={t('courses.study.lab.copyHint')} />
          {step.commands.map((c, i) => (
            <CommandBlock key={i} title={c.title} command={c.command} lab={lab} />
          ))}
        </section>
      )}
      {extra}
    </div>
  );
}

/** The step's lab through the lab runtime, as the environment's experiment screen runs it. */
function LabArea({ detail }: { detail: CenterDetail }) {
  const runtime = useLabRuntime(detail.id, detail.containerIds);
  // A lab of several parts (a panel and a terminal) takes more of the width, to show them side by side.
  const combined = detail.parts.length > 1;
  return (
    <div className={combined ? 'cs-lab__area cs-lab__area--combined' : 'cs-lab__area'}>
      <LabToolbar detail={detail} runtime={runtime} withCost />
      <div className="cs-lab__panels">
        <LabPanels name={detail.name} snapshot={runtime.snapshot} />
      </div>
    </div>
  );
}

/**
 * A training, emulation or terminal step: the lab of one of the course's environments beside its
 * instructions and command configuration on a wide screen, in tabs on a narrow one. `extra` goes
 * under the instructions.
 */
export function LabStep({ step, extra }: { step: StudyStep; extra?: ReactNode }) {
  const { t } = useTranslation();
  const box = useRef<HTMLDivElement>(null);
  const width = useElementWidth(box);
  const labBox = useRef<HTMLDivElement>(null);
  const guide = <LabGuide step={step} lab={labBox} extra={extra} />;
  const lab = (
    <div ref={labBox}>
      {step.env ? (
        <EnvironmentGate envId={step.env.id}>
          {(detail) => <LabArea detail={detail} />}
        </EnvironmentGate>
      ) : (
        <Alert type="warning" showIcon title={t('courses.study.lab.noEnvironment')} />
      )}
    </div>
  );
  return (
    <div ref={box} className="cs-lab">
      {width !== null && width >= splitWidth ? (
        <div className="cs-lab__split">
          <section aria-label={t('courses.study.lab.instructions')}>{guide}</section>
          <section aria-label={t('courses.study.lab.lab')}>{lab}</section>
        </div>
      ) : (
        <Tabs
          items={[
            { key: 'guide', label: t('courses.study.lab.instructions'), children: guide },
            { key: 'lab', label: t('courses.study.lab.lab'), children: lab },
          ]}
        />
      )}
    </div>
  );
}
