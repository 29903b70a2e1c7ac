import type { ReactNode } from 'react';
import { Col, Form, InputNumber, Row, Switch } from 'antd';
import { LEAVE_LIMIT_MAX, SNAPSHOT_INTERVAL_MAX, SNAPSHOT_INTERVAL_MIN } from '@kaopei/shared/contracts/exam';

const SWITCHES = [
  ['requireFullscreen', '全屏作答', '考生须全屏作答，退出全屏计为一次切屏'],
  ['blockCopyPaste', '禁止复制粘贴', '作答时不能复制、剪切、粘贴，也不能打开右键菜单'],
  ['webcamSnapshots', '摄像头抓拍', '作答期间按间隔用摄像头拍摄考生，照片供监考查看'],
] as const;

/**
 * An exam's anti-cheating settings (the exam editor and the automatic-exam rule drawer): the leave
 * limit, full screen, copy-paste blocking and webcam snapshots with their interval, shown while
 * snapshots are on. The form's values carry the settings under their own names.
 */
export function AntiCheatingFields(): ReactNode {
  const form = Form.useFormInstance();
  const snapshots = Form.useWatch('webcamSnapshots', form) as boolean | undefined;
  return (
    <>
      <Row gutter={16}>
        <Col xs={24} sm={12} md={8}>
          <Form.Item
            name="leaveLimit"
            label="切屏次数上限"
            extra="离开考试页面（切换标签页或窗口）和退出全屏都计一次，超过上限自动交卷；0 表示不限制"
            rules={[
              {
                type: 'integer',
                min: 0,
                max: LEAVE_LIMIT_MAX,
                message: `切屏次数上限为 0 到 ${LEAVE_LIMIT_MAX} 次`,
              },
            ]}
          >
            <InputNumber
              min={0}
              max={LEAVE_LIMIT_MAX}
              precision={0}
              style={{ width: '100%' }}
              placeholder="0（不限制）"
            />
          </Form.Item>
        </Col>
      </Row>
      <Row gutter={16}>
        {SWITCHES.map(([name, label, help]) => (
          <Col key={name} xs={24} sm={12} md={8}>
            <Form.Item name={name} label={label} valuePropName="checked" extra={help}>
              <Switch aria-label={label} />
            </Form.Item>
          </Col>
        ))}
      </Row>
      {snapshots ? (
        <Row gutter={16}>
          <Col xs={24} sm={12} md={8}>
            <Form.Item
              name="snapshotIntervalSeconds"
              label="抓拍间隔（秒）"
              extra={`每隔多少秒拍摄一张，${SNAPSHOT_INTERVAL_MIN} 到 ${SNAPSHOT_INTERVAL_MAX} 秒`}
              rules={[
                { required: true, message: '请输入抓拍间隔' },
                {
                  type: 'integer',
                  min: SNAPSHOT_INTERVAL_MIN,
                  max: SNAPSHOT_INTERVAL_MAX,
                  message: `抓拍间隔为 ${SNAPSHOT_INTERVAL_MIN} 到 ${SNAPSHOT_INTERVAL_MAX} 秒`,
                },
              ]}
            >
              <InputNumber
                min={SNAPSHOT_INTERVAL_MIN}
                max={SNAPSHOT_INTERVAL_MAX}
                precision={0}
                style={{ width: '100%' }}
              />
            </Form.Item>
          </Col>
        </Row>
      ) : null}
    </>
  );
}
