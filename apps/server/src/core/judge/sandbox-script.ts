/** Exit code of the sandbox script when setting up the sandbox itself failed. */
export const SETUP_FAILED = 121;
/** Written next to the run's files when the program filled its work directory (space or files). */
export const BOX_FULL_FILE = 'full';
/** Files (inodes) the work directory and /tmp may hold. */
export const MAX_FILES = 4096;

/**
 * Runs as root inside fresh mount, pid, network, ipc and uts namespaces, with arguments: the run's
 * host directory B (holding root.list and root.dirs, see sandbox-root.ts), CPU seconds, work directory
 * MB, whether to keep the work directory (1 after a compile), then the command. Builds an empty tmpfs root holding only the paths listed in B/root.list
 * (read-only binds and links), a fresh size-capped tmpfs work directory at /box seeded from B/box, a
 * small /tmp, /proc of the new pid namespace and four device nodes; then runs the program as nobody
 * under rlimits, chrooted there. pid 1 is this shell, so every process of the run dies with it; the
 * tmpfs mounts go with the namespace, so nothing the program writes reaches the host's disk (except a
 * successful compile's output, copied back to B/box for the runs that follow).
 */
export function sandboxScript(limits: { uid: number; fileSizeBytes: number; nproc: number }): string {
  const { uid, fileSizeBytes, nproc } = limits;
  return `
fail() { echo "kaopei-sandbox: $1" >&2; exit ${SETUP_FAILED}; }
exec 3<&0 0</dev/null
B=$1; CPU=$2; BOX_MB=$3; KEEP=$4; shift 4
R=$B/root
mkdir -p "$R" || fail mkdir
mount --make-rprivate / || fail private
mount -t tmpfs -o size=1m,mode=755 tmpfs "$R" || fail root
cd "$R" && xargs -d '\\n' mkdir -p box tmp proc dev < "$B/root.dirs" || fail dirs
while read -r kind p t; do
  case $kind in
    D) mount --bind -o ro,nosuid,nodev "$p" "$R$p" ;;
    F) : > "$R$p" && mount --bind -o ro,nosuid,nodev "$p" "$R$p" ;;
    L) ln -s "$t" "$R$p" ;;
    *) false ;;
  esac || fail "root $p"
done < "$B/root.list"
mount -t tmpfs -o size=\${BOX_MB}m,nr_inodes=${MAX_FILES},mode=755,uid=${uid},gid=${uid},nosuid,nodev tmpfs "$R/box" || fail box
cp -R "$B/box/." "$R/box/" || fail seed
mount -t tmpfs -o size=16m,nr_inodes=${MAX_FILES},mode=1777,nosuid,nodev tmpfs "$R/tmp" || fail tmp
mount -t proc -o nosuid,nodev,noexec proc "$R/proc" || fail proc
for f in null zero urandom random; do
  : > "$R/dev/$f" && mount --bind "/dev/$f" "$R/dev/$f" || fail "dev $f"
done
mount -o remount,bind,ro "$R" || fail ro
date +%s%N > "$B/started"
/usr/bin/prlimit --cpu=$CPU --fsize=${fileSizeBytes} --nofile=64 --core=0 --nproc=${nproc} -- \\
  /usr/sbin/chroot --userspec=${uid}:${uid} "$R" /usr/bin/sh -c 'cd /box && exec "$@"' sh "$@" <&3
code=$?
times > "$B/times"
set -- $(stat -f -c '%a %d' "$R/box")
if [ "$1" = 0 ] || [ "$2" = 0 ]; then : > "$B/${BOX_FULL_FILE}"; fi
if [ "$KEEP" = 1 ] && [ $code = 0 ]; then cp -R "$R/box/." "$B/box/" || fail keep; fi
echo $code > "$B/exit"
`;
}
