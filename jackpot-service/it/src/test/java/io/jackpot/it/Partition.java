package io.jackpot.it;

import io.jackpot.it.support.ProcessCluster;
import io.jackpot.it.support.ScratchDirs;
import java.io.BufferedReader;
import java.io.Closeable;
import java.io.IOException;
import java.io.InputStreamReader;
import java.net.InetSocketAddress;
import java.net.SocketAddress;
import java.net.StandardProtocolFamily;
import java.net.URI;
import java.net.UnixDomainSocketAddress;
import java.nio.ByteBuffer;
import java.nio.channels.ServerSocketChannel;
import java.nio.channels.SocketChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;

/**
 * The partition drill's member in a network namespace of its own (unshare -n, as root): it reaches
 * PostgreSQL and the other members, and they and the games reach it, only through relays over Unix
 * sockets (not bound to a network namespace), each port on the same number on both sides. Cut, the
 * relays of the members' Hazelcast ports pass nothing either way and close nothing, as a network cut.
 */
final class Partition implements AutoCloseable {
  private final Process holder;
  private final Process inside;
  private final Relays outside;

  private Partition(Process holder, Process inside, Relays outside) {
    this.holder = holder;
    this.inside = inside;
    this.outside = outside;
  }

  /** Null where a network namespace can be made here, else why not. */
  static String unavailable() {
    if (!"root".equals(System.getProperty("user.name"))) {
      return "(needs root for a network namespace: unshare -n)";
    }
    try {
      Process p = new ProcessBuilder("unshare", "-n", "sh", "-c", "ip link set lo up && nsenter --version").redirectErrorStream(true).start();
      String said = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8).trim();
      if (!p.waitFor(10, TimeUnit.SECONDS) || p.exitValue() != 0) {
        return "(no network namespace here: unshare -n / ip link set lo up / nsenter: " + said + ")";
      }
      return null;
    } catch (IOException e) {
      return "(no network namespace here: " + e.getMessage() + ")";
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      return "(interrupted)";
    }
  }

  /** Starts the members, member {@code isolated} in a namespace of its own behind the relays. */
  static Partition start(ProcessCluster cluster, int isolated) throws Exception {
    Path dir = ScratchDirs.create("drill-netns");
    // Holds the namespace (with its loopback up) for as long as this process lives: it ends when its stdin closes.
    Process holder = new ProcessBuilder("unshare", "-n", "sh", "-c", "ip link set lo up && echo up && read x").redirectErrorStream(true)
        .start();
    Partition partition = null;
    Process inside = null;
    Relays outside = new Relays();
    try {
      String up = new BufferedReader(new InputStreamReader(holder.getInputStream(), StandardCharsets.UTF_8)).readLine();
      if (!"up".equals(up)) {
        throw new IllegalStateException("the network namespace did not come up: " + up);
      }
      List<String> enter = List.of("nsenter", "--net=/proc/" + holder.pid() + "/ns/net");
      // Into the namespace: the member's Hazelcast (cuttable) and HTTP ports. Out of it: PostgreSQL and the others' Hazelcast (cuttable).
      List<String> specs = new ArrayList<>();
      int pg = URI.create(cluster.pgUrl().replace("postgresql://postgres@", "tcp://")).getPort();
      for (int port : new int[] {cluster.hz(isolated), cluster.http(isolated)}) {
        Path sock = dir.resolve("in-" + port + ".sock");
        specs.add("u:" + sock + ":" + port);
        outside.relay(new InetSocketAddress("127.0.0.1", port), UnixDomainSocketAddress.of(sock), port == cluster.hz(isolated));
      }
      List<Integer> out = new ArrayList<>(List.of(pg));
      for (int i = 0; i < cluster.size(); i++) {
        if (i != isolated) {
          out.add(cluster.hz(i));
        }
      }
      for (int port : out) {
        Path sock = dir.resolve("out-" + port + ".sock");
        specs.add("t:" + port + ":" + sock);
      }
      List<String> cmd = new ArrayList<>(enter);
      cmd.addAll(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(), "-cp", System.getProperty("java.class.path"),
          Partition.class.getName()));
      cmd.addAll(specs);
      inside = new ProcessBuilder(cmd).redirectErrorStream(true).redirectOutput(ProcessBuilder.Redirect.PIPE).start();
      // The inside relays first: the outside ones connect to their Unix sockets.
      String ready = new BufferedReader(new InputStreamReader(inside.getInputStream(), StandardCharsets.UTF_8)).readLine();
      if (!"relaying".equals(ready)) {
        throw new IllegalStateException("the relays in the namespace did not start: " + ready);
      }
      for (int port : out) {
        outside.relay(UnixDomainSocketAddress.of(dir.resolve("out-" + port + ".sock")), new InetSocketAddress("127.0.0.1", port),
            port != pg);
      }
      partition = new Partition(holder, inside, outside);
      for (int i = 0; i < cluster.size(); i++) {
        cluster.start(i, i == isolated ? enter : List.of());
      }
      for (int i = 0; i < cluster.size(); i++) {
        cluster.awaitReady(i);
      }
      return partition;
    } finally {
      if (partition == null) {
        outside.close();
        if (inside != null) {
          inside.destroyForcibly();
        }
        holder.destroyForcibly();
      }
    }
  }

  /** From now on nothing passes between the isolated member and the others. */
  void cut() {
    outside.cut = true;
  }

  void heal() {
    outside.cut = false;
  }

  @Override
  public void close() {
    outside.close();
    inside.destroyForcibly();
    holder.destroyForcibly();
  }

  /** TCP or Unix-socket relays, each from a listening address to a target address; the cuttable ones pass nothing while cut. */
  static final class Relays implements Closeable {
    volatile boolean cut;
    private final List<Closeable> open = new CopyOnWriteArrayList<>();

    void relay(SocketAddress listen, SocketAddress target, boolean cuttable) throws IOException {
      ServerSocketChannel server;
      if (listen instanceof UnixDomainSocketAddress unix) {
        Files.deleteIfExists(unix.getPath());
        server = ServerSocketChannel.open(StandardProtocolFamily.UNIX);
      } else {
        server = ServerSocketChannel.open();
      }
      server.bind(listen);
      open.add(server);
      thread(() -> {
        while (server.isOpen()) {
          SocketChannel in;
          try {
            in = server.accept();
          } catch (IOException closed) {
            return;
          }
          open.add(in);
          try {
            SocketChannel far = SocketChannel.open(target);
            open.add(far);
            thread(() -> pump(in, far, cuttable));
            thread(() -> pump(far, in, cuttable));
          } catch (IOException unreachable) {
            quietly(in);
          }
        }
      });
    }

    private void pump(SocketChannel from, SocketChannel to, boolean cuttable) {
      ByteBuffer buffer = ByteBuffer.allocate(64 * 1024);
      try {
        while (from.read(buffer) >= 0) {
          buffer.flip();
          while (cuttable && cut) {
            TimeUnit.MILLISECONDS.sleep(20);
          }
          while (buffer.hasRemaining()) {
            to.write(buffer);
          }
          buffer.clear();
        }
        to.shutdownOutput();
      } catch (IOException | InterruptedException e) {
        quietly(from);
        quietly(to);
      }
    }

    private static void thread(Runnable r) {
      Thread t = new Thread(r, "relay");
      t.setDaemon(true);
      t.start();
    }

    private static void quietly(Closeable c) {
      try {
        c.close();
      } catch (IOException ignored) {
        // closing either way
      }
    }

    @Override
    public void close() {
      open.forEach(Relays::quietly);
    }
  }

  /**
   * The relays inside the namespace: {@code t:PORT:SOCKET} listens on loopback PORT and relays to
   * the Unix SOCKET, {@code u:SOCKET:PORT} the other way. Prints "relaying" once listening; ends
   * when its stdin closes (its drill ended, however).
   */
  public static void main(String[] args) throws Exception {
    Relays relays = new Relays();
    for (String spec : args) {
      String[] p = spec.split(":", 3);
      if (p[0].equals("t")) {
        relays.relay(new InetSocketAddress("127.0.0.1", Integer.parseInt(p[1])), UnixDomainSocketAddress.of(p[2]), false);
      } else {
        relays.relay(UnixDomainSocketAddress.of(p[1]), new InetSocketAddress("127.0.0.1", Integer.parseInt(p[2])), false);
      }
    }
    System.out.println("relaying");
    System.out.flush();
    while (System.in.read() >= 0) {
      // until the drill's end closes this pipe
    }
    relays.close();
    System.exit(0);
  }
}
