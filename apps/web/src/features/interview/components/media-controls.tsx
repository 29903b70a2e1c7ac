import { useState, type ReactNode } from 'react';
import { App, Button, Space } from 'antd';
import {
  AudioMutedOutlined,
  AudioOutlined,
  DesktopOutlined,
  LogoutOutlined,
  VideoCameraOutlined,
} from '@ant-design/icons';
import type { PeerMesh } from './peer-mesh';

/**
 * Mute, camera off, screen share (getDisplayMedia; the shared screen replaces the camera for everyone
 * and the camera comes back when sharing stops) and leave.
 */
export function MediaControls({
  local,
  mesh,
  onLeave,
}: {
  local: MediaStream | null;
  mesh: PeerMesh | null;
  onLeave: () => void;
}): ReactNode {
  const { message } = App.useApp();
  const [muted, setMuted] = useState(false);
  const [cameraOff, setCameraOff] = useState(false);
  const [screen, setScreen] = useState<MediaStreamTrack | null>(null);
  const camera = local?.getVideoTracks()[0] ?? null;

  const toggleMute = () => {
    for (const track of local?.getAudioTracks() ?? []) track.enabled = muted;
    setMuted(!muted);
  };
  const toggleCamera = () => {
    if (camera) camera.enabled = cameraOff;
    setCameraOff(!cameraOff);
  };
  const stopSharing = async (track: MediaStreamTrack | null) => {
    track?.stop();
    setScreen(null);
    await mesh?.replaceVideo(camera);
  };
  const share = async () => {
    if (screen) return stopSharing(screen);
    try {
      const display = await navigator.mediaDevices.getDisplayMedia({ video: true });
      const track = display.getVideoTracks()[0] ?? null;
      if (!track) return undefined;
      track.onended = () => void stopSharing(track);
      setScreen(track);
      await mesh?.replaceVideo(track);
    } catch {
      message.warning('未能共享屏幕（已取消或浏览器不允许）');
    }
    return undefined;
  };

  return (
    <Space wrap>
      <Button
        icon={muted ? <AudioMutedOutlined /> : <AudioOutlined />}
        onClick={toggleMute}
        aria-pressed={muted}
      >
        {muted ? '取消静音' : '静音'}
      </Button>
      <Button
        icon={<VideoCameraOutlined />}
        onClick={toggleCamera}
        disabled={!camera}
        aria-pressed={cameraOff}
      >
        {cameraOff ? '开启摄像头' : '关闭摄像头'}
      </Button>
      <Button icon={<DesktopOutlined />} onClick={() => void share()} aria-pressed={screen !== null}>
        {screen ? '停止共享' : '共享屏幕'}
      </Button>
      <Button danger icon={<LogoutOutlined />} onClick={onLeave}>
        离开
      </Button>
    </Space>
  );
}
